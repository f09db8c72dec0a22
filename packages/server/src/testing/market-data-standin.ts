/**
 * A DexScreener-compatible market-data server on loopback: GET /latest/dex/tokens/{mint} answers
 * with whatever body the test sets (pairs shaped like DexScreener's, or `pairs: null`).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DexPair {
  chainId: string;
  dexId: string;
  url: string;
  pairAddress: string;
  baseToken: { address: string; name: string; symbol: string };
  quoteToken: { address: string; name: string; symbol: string };
  priceNative: string;
  priceUsd?: string;
  fdv?: number;
  marketCap?: number;
  liquidity?: { usd: number; base: number; quote: number };
}

export function dexPair(input: {
  chainId?: string;
  baseToken: string;
  priceUsd?: string;
  marketCap?: number;
  fdv?: number;
}): DexPair {
  return {
    chainId: input.chainId ?? 'solana',
    dexId: 'raydium',
    url: `https://dexscreener.com/solana/${input.baseToken}`,
    pairAddress: 'PairAddress1111111111111111111111111111111',
    baseToken: { address: input.baseToken, name: 'Sealdrop Token', symbol: 'SEAL' },
    quoteToken: {
      address: 'So11111111111111111111111111111111111111112',
      name: 'Wrapped SOL',
      symbol: 'SOL',
    },
    priceNative: '0.0000123',
    ...(input.priceUsd === undefined ? {} : { priceUsd: input.priceUsd }),
    ...(input.fdv === undefined ? {} : { fdv: input.fdv }),
    ...(input.marketCap === undefined ? {} : { marketCap: input.marketCap }),
    liquidity: { usd: 12_345.67, base: 1_000_000, quote: 50 },
  };
}

export async function startMarketDataStandin() {
  let reply: { status: number; body: unknown } = {
    status: 200,
    body: { schemaVersion: '1.0.0', pairs: null },
  };
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (!request.url?.startsWith('/latest/dex/tokens/')) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(reply.status, { 'content-type': 'application/json' })
      .end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setPairs(pairs: DexPair[] | null) {
      reply = { status: 200, body: { schemaVersion: '1.0.0', pairs } };
    },
    setStatus(status: number) {
      reply = { status, body: { message: 'unavailable' } };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type MarketDataStandin = Awaited<ReturnType<typeof startMarketDataStandin>>;
