/** The set-up the wallet API suites share: loopback stand-ins for the suite, a server per test. */
import { afterAll, beforeAll } from 'vitest';
import type { TestDatabase } from '../../testing/databases';
import { type MarketDataStandin, startMarketDataStandin } from '../../testing/market-data-standin';
import { serverPerTest } from '../../testing/server-per-test';
import { type SolanaRpcStandin, startSolanaRpcStandin } from '../../testing/solana-rpc-standin';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { walletClient, walletEnv } from './wallet.test-client';

type OnStart = (started: WalletTestServer) => void;

export interface WalletTestServer {
  rpc: SolanaRpcStandin;
  market: MarketDataStandin;
  server: TestServer;
  client: ReturnType<typeof walletClient>;
  /** One more server on a fresh database against the same stand-ins, with more settings; the
   * test closes it. */
  startServer: (
    env?: Record<string, string>,
  ) => Promise<{ server: TestServer; client: ReturnType<typeof walletClient> }>;
}

/**
 * The Solana RPC and market-data stand-ins start once for the suite, so what one test sets on them
 * (an RPC mode, market pairs) stays for the next; each test gets a fresh server and database.
 * `env` adds to walletEnv; `onStart` receives everything, and may prepare it, before each test
 * (last, as in serverPerTest).
 */
export function walletServerPerTest(
  createDatabase: () => Promise<TestDatabase>,
  ...args: [onStart: OnStart] | [env: Record<string, string>, onStart: OnStart]
) {
  const [env, onStart] = args.length === 1 ? [{}, args[0]] : args;
  let rpc: SolanaRpcStandin;
  let market: MarketDataStandin;
  beforeAll(async () => {
    [rpc, market] = await Promise.all([startSolanaRpcStandin(), startMarketDataStandin()]);
  });
  afterAll(async () => {
    await Promise.all([rpc.close(), market.close()]);
  });
  const startServer = async (more: Record<string, string> = {}) => {
    const server = await createTestServer({
      database: await createDatabase(),
      env: { ...walletEnv(rpc, market), ...more },
    });
    return { server, client: walletClient(server) };
  };
  serverPerTest(
    createDatabase,
    () => ({ env: { ...walletEnv(rpc, market), ...env } }),
    (server) => onStart({ rpc, market, server, client: walletClient(server), startServer }),
  );
}
