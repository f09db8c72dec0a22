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
    // After core, server and web (group 0), together with the cli and faults projects, two files
    // at a time: each file starts its own server on a free port and its own browser contexts.
    sequence: { groupOrder: 1 },
    // A worker runs its files one after another in one module graph (nothing here mocks
    // modules), so playwright and the support files load once per worker, not once per file.
    isolate: false,
    // The server bundle first (shared with the cli and faults projects), then the web app and the
    // browsers.
    globalSetup: [
      '../packages/server/src/testing/server-bundle.global-setup.ts',
      './global-setup.ts',
    ],
  },
});
