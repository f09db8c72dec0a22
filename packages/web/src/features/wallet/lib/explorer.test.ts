import { describe, expect, it } from 'vitest';
import { explorerAddressUrl } from './explorer';

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

describe('explorerAddressUrl', () => {
  it("opens the address on Solscan's account page for the default token template", () => {
    expect(explorerAddressUrl(ADDRESS, 'https://solscan.io/token/{mint}')).toBe(
      `https://solscan.io/account/${ADDRESS}`,
    );
  });

  it('keeps the path and the network of an explorer that shows tokens and accounts alike', () => {
    expect(
      explorerAddressUrl(ADDRESS, 'https://explorer.solana.com/address/{mint}?cluster=devnet'),
    ).toBe(`https://explorer.solana.com/address/${ADDRESS}?cluster=devnet`);
    expect(explorerAddressUrl(ADDRESS, 'https://solana.fm/address/{mint}')).toBe(
      `https://solana.fm/address/${ADDRESS}`,
    );
  });

  it('falls back to explorer.solana.com without a usable template', () => {
    const fallback = `https://explorer.solana.com/address/${ADDRESS}`;
    expect(explorerAddressUrl(ADDRESS)).toBe(fallback);
    expect(explorerAddressUrl(ADDRESS, 'javascript:alert({mint})')).toBe(fallback);
    expect(explorerAddressUrl(ADDRESS, 'https://solscan.io/')).toBe(fallback);
  });
});
