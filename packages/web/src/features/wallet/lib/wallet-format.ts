/** Display rules for the wallet dropdown. */

/** First and last `keep` characters (4 in the dropdown, 3 in the compact button). */
export function shortenAddress(address: string, keep = 4): string {
  if (address.length <= keep * 2 + 3) return address;
  return `${address.slice(0, keep)}...${address.slice(-keep)}`;
}

const tokenFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 6,
});
const solFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 4,
  maximumFractionDigits: 4,
});
const usdFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 6,
});

/** Token amount with 0 to 6 fraction digits. */
export const formatTokenAmount = (amount: number) => tokenFormat.format(amount);

/** SOL balance with exactly 4 decimals. */
export const formatSol = (amount: number) => solFormat.format(amount);

/** A dollar value with 2 to 6 fraction digits. */
export const formatUsd = (amount: number) => usdFormat.format(amount);
