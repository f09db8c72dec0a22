import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './build/preact';

// The ES module builds of the libraries that import React: their CommonJS ones, which Node's
// conditions pick, would require() React itself past the aliases.
const esm = (name: string, file: string) => ({
  find: new RegExp(`^${name.replace('/', '\\/')}$`),
  replacement: fileURLToPath(new URL(`../../node_modules/${name}/${file}`, import.meta.url)),
});

export default defineConfig({
  // The tests run the app on Preact, as the build ships it: React's modules resolve to
  // preact/compat in the app and in the libraries that import them, which are bundled into the
  // test's module graph for that (otherwise Node would load the real React for them).
  resolve: {
    alias: [
      ...PREACT_ALIASES,
      esm('@testing-library/react', 'dist/@testing-library/react.esm.js'),
      esm('react-router', 'dist/development/index.mjs'),
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    server: {
      deps: { inline: [/@testing-library\/react/, '@tanstack/react-query', 'react-router'] },
    },
    // A worker runs its files one after another in one module graph and one jsdom; the set-up file
    // cleans the page, storage, globals and spies after every test, and nothing mocks modules.
    // React and the app load once per worker, not once per file (web project 125 s -> 44 s).
    isolate: false,
  },
});
