import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { createLocalStorageDriver, LOCAL_STORAGE_PREFIX } from './local.driver';
import type { OpenWrite } from './local.layout';
import { localStorageRoutes } from './local.routes';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hmac';

/** A real Fastify on loopback serving a local driver rooted in a fresh temp dir. */
export async function startLocalStorageServer({
  now,
  openWrite,
}: {
  now?: () => Date;
  openWrite?: OpenWrite;
} = {}) {
  const rootDir = await mkdtemp(join(tmpdir(), 'sealdrop-storage-'));
  const driver = createLocalStorageDriver({ rootDir, secret: TEST_SECRET, now, openWrite });
  const app = Fastify({ logger: false });
  // The driver alone has no upload rows: every upload is open here (the app's gate is tested in
  // uploads/closed-uploads.api.test.ts).
  await app.register(localStorageRoutes, {
    driver,
    prefix: LOCAL_STORAGE_PREFIX,
    isWritable: async () => true,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;

  return {
    driver,
    rootDir,
    origin: `http://127.0.0.1:${port}`,
    /** Every file under the root, relative to it: what a refused request must not leave behind. */
    async files(): Promise<string[]> {
      const entries = await readdir(rootDir, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(rootDir.length + 1));
    },
    async close() {
      await app.close();
      await rm(rootDir, { recursive: true, force: true });
    },
  };
}
