/** Where the link goes when the server names no usable explorer (an older server, a bad value). */
export const FALLBACK_EXPLORER_TEMPLATE = 'https://explorer.solana.com/address/{mint}';

/**
 * The page of a wallet address on the block explorer the operator configured (TOKEN_EXPLORER_URL,
 * a template for the token's page with `{mint}` in it); a link the user opens, never fetched by
 * the page. Explorers that keep tokens under `/token/` keep accounts under `/account/` (Solscan,
 * the server's default; XRAY); the others show both at one path (explorer.solana.com and SolanaFM:
 * `/address/`). The rest of the template, such as `?cluster=devnet`, is kept.
 */
export function explorerAddressUrl(
  address: string,
  tokenTemplate: string = FALLBACK_EXPLORER_TEMPLATE,
): string {
  const usable = /^https?:\/\//i.test(tokenTemplate) && tokenTemplate.includes('{mint}');
  const template = usable ? tokenTemplate : FALLBACK_EXPLORER_TEMPLATE;
  return template
    .replace('/token/{mint}', '/account/{mint}')
    .replaceAll('{mint}', encodeURIComponent(address));
}
