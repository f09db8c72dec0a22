import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { downloadWorkerPlugin } from './build/download-worker';

export default defineConfig({
  plugins: [react(), downloadWorkerPlugin()],
  build: { outDir: 'dist', sourcemap: true },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
});
