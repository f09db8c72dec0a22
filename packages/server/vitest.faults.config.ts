import { defineConfig } from 'vitest/config';

/**
 * Fault tests: real server processes killed, databases and stores stopped under them. Each file
 * starts processes, databases and stores of its own on free ports, so they run with the cli and
 * e2e projects after the unit tests (group 1). `*.slow.test.ts` ones need root-only tricks or take
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
    sequence: { groupOrder: 1 },
    // Fault tests start processes on scratch databases, but databases.ts serves them too.
    globalSetup: [
      'src/testing/postgres-run.global-setup.ts',
      // The servers run the bundle, as `npm start` does.
      'src/testing/server-bundle.global-setup.ts',
    ],
  },
});
