import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    testTimeout: 30_000,
    // A worker runs its files one after another in one module graph (nothing here mocks modules):
    // the server's modules load once per worker, not once per file (server project 103 s -> 53 s).
    isolate: false,
    hookTimeout: 60_000,
    // Fault tests run child processes one at a time: their own project, vitest.faults.config.ts.
    exclude: [...configDefaults.exclude, 'src/faults/**'],
    // Names this run's PostgreSQL test schemas, drops them at the end and those of crashed runs.
    globalSetup: ['src/testing/postgres-run.global-setup.ts'],
  },
});
