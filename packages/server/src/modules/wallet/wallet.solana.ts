/**
 * Reads balances and supply over Solana JSON-RPC (@solana/kit). The browser never talks to the RPC
 * itself; answers are cached briefly so a page refresh costs no RPC call.
 */
import {
  type Address,
  address,
  createSolanaRpc,
  isSolanaError,
  SOLANA_ERROR__JSON_RPC__INVALID_PARAMS,
} from '@solana/kit';
import { createTtlCache } from './wallet.cache';
import { rpcUnavailable } from './wallet.errors';

export interface WalletBalances {
  /** Token amount in base units, summed over every token account of the mint. */
  tokenRaw: bigint;
  lamports: bigint;
}

export interface TokenSupply {
  amount: bigint;
  decimals: number;
}

export interface SolanaReader {
  balances(owner: string): Promise<WalletBalances>;
  /** null when the chain does not know the mint. */
  supply(): Promise<TokenSupply | null>;
}

const BALANCE_TTL_MS = 15_000;
const SUPPLY_TTL_MS = 30_000;
const FAIL_FAST_MS = 5_000;

export function createSolanaReader(input: {
  rpcUrl: string;
  mint: string;
  timeoutMs: number;
  now: () => Date;
}): SolanaReader {
  const rpc = createSolanaRpc(input.rpcUrl);
  const mint = address(input.mint);
  const commitment = 'confirmed' as const;
  const balanceCache = createTtlCache<WalletBalances>(BALANCE_TTL_MS, input.now);
  const supplyCache = createTtlCache<TokenSupply | null>(SUPPLY_TTL_MS, input.now);
  const signal = () => AbortSignal.timeout(input.timeoutMs);

  async function readBalances(owner: Address): Promise<WalletBalances> {
    // A mint filter makes the RPC look in whichever program owns the mint: Token or Token-2022.
    const [sol, accounts] = await Promise.all([
      rpc.getBalance(owner, { commitment }).send({ abortSignal: signal() }),
      rpc
        .getTokenAccountsByOwner(owner, { mint }, { commitment, encoding: 'jsonParsed' })
        .send({ abortSignal: signal() }),
    ]);
    let tokenRaw = 0n;
    for (const entry of accounts.value) {
      tokenRaw += BigInt(entry.account.data.parsed.info.tokenAmount.amount);
    }
    return { tokenRaw, lamports: BigInt(sol.value) };
  }

  async function readSupply(): Promise<TokenSupply | null> {
    try {
      const result = await rpc.getTokenSupply(mint, { commitment }).send({ abortSignal: signal() });
      return { amount: BigInt(result.value.amount), decimals: result.value.decimals };
    } catch (error) {
      if (isSolanaError(error, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS)) return null;
      throw error;
    }
  }

  /**
   * Any RPC failure (refused, HTTP error, JSON-RPC error, timeout) is a 503, never a 500. After a
   * failure, uncached reads fail fast for a few seconds, so a hanging RPC does not make every
   * /auth/me wait for the full timeout; cached answers are still served.
   */
  let unreachableUntil = 0;
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    if (input.now().getTime() < unreachableUntil) throw new Error('the RPC failed moments ago');
    try {
      return await work();
    } catch (error) {
      unreachableUntil = input.now().getTime() + FAIL_FAST_MS;
      throw error;
    }
  }
  async function asUnavailable<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      throw rpcUnavailable(error);
    }
  }

  return {
    balances: (owner) =>
      asUnavailable(balanceCache.get(owner, () => guarded(() => readBalances(address(owner))))),
    supply: () => asUnavailable(supplyCache.get('supply', () => guarded(readSupply))),
  };
}
