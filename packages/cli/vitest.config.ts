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
    // Each file runs a server and moves hundreds of MiB; one at a time keeps a two-core machine
    // from turning memory and timing assertions into a measure of the other files.
    fileParallelism: false,
  },
});
