import { defineConfig } from 'vite';
import { compressPlugin } from './build/compress';
import { downloadWorkerPlugin } from './build/download-worker';
import { homeChunkSplitting } from './build/home-chunk';
import { pageScriptsPlugin } from './build/page-scripts';
import { PREACT_ALIASES } from './build/preact';
import { shortLinkPagePlugin } from './build/short-link-page';

export default defineConfig({
  // JSX is compiled by Vite itself (tsconfig's react-jsx); React's runtime modules resolve to Preact.
  resolve: { alias: PREACT_ALIASES },
  plugins: [downloadWorkerPlugin(), shortLinkPagePlugin(), pageScriptsPlugin(), compressPlugin()],
  build: {
    outDir: 'dist',
    // Maps stay beside the build for whoever deploys it; no script points to them and the server
    // does not serve them.
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: which scripts each page loads, read by the home page's size budget.
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: homeChunkSplitting() },
      // TanStack Query's "use client" lines speak to server-rendering bundlers; this app has none.
      onLog(level, log, handler) {
        if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
});
