/**
 * The set-up most API suites share: a fresh server on a fresh database for every test, closed
 * after it. A hook of its own file, not of test-server.ts, so code outside vitest can still start
 * a test server without importing vitest.
 */
import { afterEach, beforeEach } from 'vitest';
import type { TestDatabase } from './databases';
import { createTestServer, type TestServer } from './test-server';

type ServerOptions = Omit<Parameters<typeof createTestServer>[0], 'database'>;
type OnStart = (server: TestServer) => void | Promise<void>;

/**
 * `onStart` receives each new server (and may prepare it), so the suite keeps a plain `server`
 * variable; it comes last, as callbacks do. `options` may be a function when it needs something
 * started after the suite is declared (a stand-in's URL).
 */
export function serverPerTest(
  createDatabase: () => Promise<TestDatabase>,
  ...args: [onStart: OnStart] | [options: ServerOptions | (() => ServerOptions), onStart: OnStart]
) {
  const [options, onStart] = args.length === 1 ? [{}, args[0]] : args;
  let server: TestServer | undefined;
  beforeEach(async () => {
    const resolved = typeof options === 'function' ? options() : options;
    server = await createTestServer({ ...resolved, database: await createDatabase() });
    await onStart(server);
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
}
