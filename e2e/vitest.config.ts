import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    testTimeout: 120_000,
    // expect.poll's default second is too short for a browser or a CLI on a loaded 2-core machine.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
    fileParallelism: false,
    globalSetup: ['./global-setup.ts'],
  },
});
