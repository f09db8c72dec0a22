/**
 * A PostgreSQL connection reset while a request holds the connection (a network cut, a failover,
 * a proxy restarting: the socket errors, unlike a clean shutdown, which sends a message first)
 * fails that query and leaves the process running; the next query gets a fresh connection.
 */

import type { AddressInfo } from 'node:net';
import { connect, createServer, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../testing/databases';
import { POSTGRES_URL } from '../testing/postgres-admin';
import { createDatabase } from './database';
import type { Database } from './schema';

const postgresAvailable = DATABASES.find((entry) => entry.name === 'postgres')?.available;

describe.skipIf(!postgresAvailable)('a PostgreSQL connection reset under a query', () => {
  const sockets = new Set<Socket>();
  const proxy = createServer((client) => {
    const target = new URL(POSTGRES_URL);
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  let db: Database;

  beforeAll(async () => {
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const url = new URL(POSTGRES_URL);
    url.hostname = '127.0.0.1';
    url.port = String((proxy.address() as AddressInfo).port);
    db = createDatabase({ kind: 'postgres', connectionString: url.href, poolSize: 2 });
  });

  afterAll(async () => {
    await db?.destroy();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => proxy.close(resolve));
  });

  it('fails the query in flight, does not end the process, and the next query works', async () => {
    const crashes: unknown[] = [];
    const onUncaught = (error: unknown) => crashes.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const slow = sql`select pg_sleep(5)`.execute(db);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // A reset, not a close: the kernel answers the server's next byte with RST.
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
      await expect(slow).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(crashes).toEqual([]);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows[0]?.one).toBe(1);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
