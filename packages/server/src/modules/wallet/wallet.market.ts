/**
 * Price and market cap from a DexScreener-compatible API (GET {base}/latest/dex/tokens/{mint}).
 * The market is an extra, not a dependency: when it is down the price is simply unknown (null).
 */
import { z } from 'zod';
import { createTtlCache } from './wallet.cache';

export interface MarketQuote {
  price: number | null;
  marketCap: number | null;
}

const PRICE_TTL_MS = 30_000;

const finite = z.coerce.number().refine(Number.isFinite).nullish().catch(null);
const pairSchema = z.object({
  chainId: z.string(),
  baseToken: z.object({ address: z.string() }),
  priceUsd: finite,
  marketCap: finite,
  fdv: finite,
});
const responseSchema = z.object({ pairs: z.array(z.unknown()).nullish() });

/** The first Solana pair whose base token is the mint; marketCap falls back to fdv. */
export function quoteFromResponse(body: unknown, mint: string): MarketQuote {
  const parsed = responseSchema.safeParse(body);
  const pairs = parsed.success ? (parsed.data.pairs ?? []) : [];
  for (const candidate of pairs) {
    const pair = pairSchema.safeParse(candidate);
    if (!pair.success) continue;
    if (pair.data.chainId !== 'solana' || pair.data.baseToken.address !== mint) continue;
    return {
      price: pair.data.priceUsd ?? null,
      marketCap: pair.data.marketCap ?? pair.data.fdv ?? null,
    };
  }
  return { price: null, marketCap: null };
}

export function createMarketData(input: {
  baseUrl: string;
  mint: string;
  timeoutMs: number;
  now: () => Date;
  onError?: (error: unknown) => void;
}) {
  const cache = createTtlCache<MarketQuote>(PRICE_TTL_MS, input.now, 1);
  const url = `${input.baseUrl.replace(/\/+$/, '')}/latest/dex/tokens/${input.mint}`;

  async function load(): Promise<MarketQuote> {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(input.timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`market data answered ${response.status}`);
    return quoteFromResponse(await response.json(), input.mint);
  }

  return {
    async quote(): Promise<MarketQuote> {
      try {
        return await cache.get('quote', load);
      } catch (error) {
        input.onError?.(error);
        return { price: null, marketCap: null };
      }
    },
  };
}

export type MarketData = ReturnType<typeof createMarketData>;
