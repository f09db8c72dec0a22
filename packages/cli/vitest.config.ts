import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'cli',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120_000,
    // expect.poll's default second is too short for a browser or a CLI on a loaded 2-core machine.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    // Each file runs a server and moves hundreds of MiB: kept out of the unit-test group, run
    // after it with the faults and e2e projects (group 1, vitest.config.ts at the root).
    sequence: { groupOrder: 1 },
    // Each file's server runs the server bundle, as `npm start` does (built here when stale).
    globalSetup: ['../server/src/testing/server-bundle.global-setup.ts'],
  },
});
