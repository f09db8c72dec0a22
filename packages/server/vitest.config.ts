import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Fault tests run child processes one at a time: their own project, vitest.faults.config.ts.
    exclude: [...configDefaults.exclude, 'src/faults/**'],
  },
});
