/** A public block explorer page for an address; a link the user opens, never fetched by the page. */
export function explorerAddressUrl(address: string): string {
  return `https://explorer.solana.com/address/${encodeURIComponent(address)}`;
}
