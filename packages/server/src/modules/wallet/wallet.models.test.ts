import { describe, expect, it } from 'vitest';
import { createTestWallet } from '../../testing/test-wallet';
import { isPremiumUser } from '../auth/auth.models';
import { quoteFromResponse } from './wallet.market';
import { configuredMint, uploadReward, wholeTokens } from './wallet.models';
import { decodeBase58, verifyWalletSignature } from './wallet.siws';

describe('token rules', () => {
  it('treats an unset or all-ones mint as no token', () => {
    expect(configuredMint(undefined)).toBeNull();
    expect(configuredMint('11111111111111111111111111111111')).toBeNull();
    expect(configuredMint('So11111111111111111111111111111111111111112')).toBe(
      'So11111111111111111111111111111111111111112',
    );
  });

  it('converts base units to whole tokens, keeping the fraction', () => {
    expect(wholeTokens(12_000_000_000n, 6)).toBe(12_000);
    expect(wholeTokens(1n, 6)).toBe(0.000001);
    expect(wholeTokens(1_234_567_890n, 6)).toBe(1234.56789);
  });

  it('makes premium from the tier or a wallet at the threshold, not below it', () => {
    const rule = { minBalance: 10_000 };
    expect(isPremiumUser({ ...rule, tier: 'premium', walletTokens: null })).toBe(true);
    expect(isPremiumUser({ ...rule, tier: 'free', walletTokens: 10_000 })).toBe(true);
    expect(isPremiumUser({ ...rule, tier: 'free', walletTokens: 9_999.999999 })).toBe(false);
    expect(isPremiumUser({ ...rule, tier: 'free', walletTokens: null })).toBe(false);
  });

  it('rewards an upload with the base amount plus whole GiB multiples', () => {
    const rule = { base: 10, perGiB: 10 };
    expect(uploadReward(1000, rule)).toBe(10);
    expect(uploadReward(1.5 * 1024 ** 3, rule)).toBe(25);
  });
});

describe('market quote', () => {
  const mint = 'Mint111111111111111111111111111111111111111';
  it('takes the first Solana pair of the mint, with fdv when the market cap is missing', () => {
    const body = {
      pairs: [
        { chainId: 'bsc', baseToken: { address: mint }, priceUsd: '5', marketCap: 5 },
        { chainId: 'solana', baseToken: { address: 'other' }, priceUsd: '6' },
        { chainId: 'solana', baseToken: { address: mint }, priceUsd: '0.5', fdv: 900 },
        { chainId: 'solana', baseToken: { address: mint }, priceUsd: '0.7', marketCap: 1 },
      ],
    };
    expect(quoteFromResponse(body, mint)).toEqual({ price: 0.5, marketCap: 900 });
  });

  it('answers nulls for pairs: null and for junk', () => {
    expect(quoteFromResponse({ pairs: null }, mint)).toEqual({ price: null, marketCap: null });
    expect(quoteFromResponse('junk', mint)).toEqual({ price: null, marketCap: null });
    const odd = { pairs: [{ chainId: 'solana', baseToken: { address: mint }, priceUsd: 'x' }] };
    expect(quoteFromResponse(odd, mint)).toEqual({ price: null, marketCap: null });
  });
});

describe('wallet signatures', () => {
  it('accepts the owner key and refuses another key, a changed message and non-base58 text', () => {
    const wallet = createTestWallet();
    const signature = decodeBase58(wallet.sign('hello')) ?? new Uint8Array();
    expect(verifyWalletSignature({ address: wallet.address, message: 'hello', signature })).toBe(
      true,
    );
    expect(verifyWalletSignature({ address: wallet.address, message: 'hellO', signature })).toBe(
      false,
    );
    const other = createTestWallet().address;
    expect(verifyWalletSignature({ address: other, message: 'hello', signature })).toBe(false);
    expect(decodeBase58('0OIl+/=')).toBeNull();
  });
});
