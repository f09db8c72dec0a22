import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    // A worker runs its files one after another in one module graph and one jsdom; the set-up file
    // cleans the page, storage, globals and spies after every test, and nothing mocks modules.
    // React and the app load once per worker, not once per file (web project 125 s -> 44 s).
    isolate: false,
  },
});
