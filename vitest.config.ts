import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'packages/server',
      'packages/server/vitest.faults.config.ts',
      'packages/web',
      'packages/cli',
      'e2e',
    ],
  },
});
