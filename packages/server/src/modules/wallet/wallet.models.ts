/** Pure rules of the token: when it counts as configured, amounts, links. */

/** The placeholder mint (the system program's address) means "no token". */
export const PLACEHOLDER_MINT = '11111111111111111111111111111111';

export function configuredMint(mint: string | undefined): string | null {
  return mint && mint !== PLACEHOLDER_MINT ? mint : null;
}

/** Base units to whole tokens (fractional), for display and the premium threshold. */
export function wholeTokens(raw: bigint, decimals: number): number {
  const scale = 10n ** BigInt(decimals);
  return Number(raw / scale) + Number(raw % scale) / Number(scale);
}

export const LAMPORTS_PER_SOL = 1_000_000_000;

/**
 * The premium period: a wallet unlinked from an account backs no other account for this long, so
 * one wallet cannot make account after account premium.
 */
export const WALLET_REBIND_COOLDOWN_MS = 30 * 24 * 60 * 60 * 1000;

export function solFromLamports(lamports: bigint): number {
  return wholeTokens(lamports, 9);
}

export function linkFor(template: string, mint: string): string {
  return template.replaceAll('{mint}', mint);
}

/** Upload reward on the size the server recorded (never the client's number): base + per GiB. */
export function uploadReward(sizeBytes: number, rule: { base: number; perGiB: number }): number {
  return rule.base + Math.floor((rule.perGiB * sizeBytes) / 1024 ** 3);
}
