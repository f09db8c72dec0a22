import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressPlugin } from './build/compress';
import { downloadWorkerPlugin } from './build/download-worker';
import { homeChunkSplitting } from './build/home-chunk';
import { zodNoEvalPlugin } from './build/zod-no-eval';

export default defineConfig({
  plugins: [react(), downloadWorkerPlugin(), zodNoEvalPlugin(), compressPlugin()],
  build: {
    outDir: 'dist',
    // Maps stay beside the build for whoever deploys it; no script points to them and the server
    // does not serve them.
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: which scripts each page loads, read by the home page's size budget.
    manifest: true,
    rolldownOptions: { output: { codeSplitting: homeChunkSplitting() } },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
});
