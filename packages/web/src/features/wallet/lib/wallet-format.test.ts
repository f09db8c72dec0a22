import { describe, expect, it } from 'vitest';
import { formatSol, formatTokenAmount, formatUsd, shortenAddress } from './wallet-format';

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

describe('wallet formatting', () => {
  it('shortens an address to its first and last 4 characters (3 in the compact form)', () => {
    expect(shortenAddress(ADDRESS)).toBe('7xKX...gAsU');
    expect(shortenAddress(ADDRESS, 3)).toBe('7xK...AsU');
    expect(shortenAddress('short')).toBe('short');
  });

  it('shows SOL with exactly 4 decimals', () => {
    expect(formatSol(1.5)).toBe('1.5000');
    expect(formatSol(0)).toBe('0.0000');
    expect(formatSol(0.123456)).toBe('0.1235');
    expect(formatSol(12345.6)).toBe('12,345.6000');
  });

  it('shows tokens with 0 to 6 fraction digits', () => {
    expect(formatTokenAmount(12000)).toBe('12,000');
    expect(formatTokenAmount(1.5)).toBe('1.5');
    expect(formatTokenAmount(0.000001)).toBe('0.000001');
    expect(formatTokenAmount(0.1234567)).toBe('0.123457');
  });

  it('shows dollars with 2 to 6 fraction digits', () => {
    expect(formatUsd(30)).toBe('$30.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0.0000123)).toBe('$0.000012');
    expect(formatUsd(0.123456789)).toBe('$0.123457');
  });
});
