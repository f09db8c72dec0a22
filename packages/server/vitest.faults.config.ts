import { defineConfig } from 'vitest/config';

/**
 * Fault tests: real server processes killed, databases and stores stopped under them. One file at
 * a time (each starts processes of its own). `*.slow.test.ts` ones need root-only tricks or take
 * long; they run with `npm run test:faults` (FAULTS_SLOW=1), not in `npm test`.
 */
export default defineConfig({
  test: {
    name: 'faults',
    environment: 'node',
    include: [
      'src/faults/**/*.fault.test.ts',
      ...(process.env.FAULTS_SLOW === '1' ? ['src/faults/**/*.slow.test.ts'] : []),
    ],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    // Fault tests start processes on scratch databases, but databases.ts serves them too.
    globalSetup: ['src/testing/postgres-run.global-setup.ts'],
  },
});
