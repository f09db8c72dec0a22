import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One worker per core, not Vitest's default of one fewer: most files here wait on servers,
    // PostgreSQL and child processes, so on a 2-core machine one worker left a core idle (core,
    // server and web: 302 s with one worker, 129 s with two, 124 s with three). The cli, faults
    // and e2e projects form a second group (sequence.groupOrder 1), run after the first, also
    // two files at a time.
    maxWorkers: availableParallelism(),
    projects: [
      'packages/core',
      'packages/server',
      'packages/server/vitest.faults.config.ts',
      'packages/web',
      'packages/cli',
      'scripts/architecture',
      'e2e',
    ],
  },
});
