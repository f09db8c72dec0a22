import { describe, expect, it } from 'vitest';
import {
  defaultExpirySeconds,
  expiryByFlag,
  expiryOptions,
  linkLimits,
  serverExpiryOptions,
} from './link-options';

const labels = (premium: boolean, config = {}) =>
  expiryOptions(linkLimits(config), premium).map((o) => `${o.label}${o.premiumOnly ? '*' : ''}`);

describe('link options', () => {
  it("offers a default server's choices: up to a day, 7 days for Premium only", () => {
    expect(labels(false)).toEqual(['1 hour', '1 day', '7 days*']);
    expect(labels(true)).toEqual(['1 hour', '1 day', '7 days', '30 days']);
  });

  it('follows the retention the server reports (RETENTION_HOURS=48)', () => {
    const config = { retentionHours: 48, premiumRetentionDays: 30 };
    expect(labels(false, config)).toEqual(['1 hour', '1 day', '48 hours', '7 days*']);
    expect(defaultExpirySeconds(linkLimits(config), false)).toBe(48 * 3600);
    expect(linkLimits(config).retentionMs.guest).toBe(48 * 3600 * 1000);
  });

  it('keeps the defaults when the config says nothing', () => {
    expect(linkLimits(undefined).retentionMs.free).toBe(24 * 3600 * 1000);
    expect(defaultExpirySeconds(linkLimits(undefined), true)).toBe(30 * 24 * 3600);
  });

  it("names each choice by the command line's flag, and finds it by that flag", () => {
    const options = serverExpiryOptions(linkLimits({ retentionHours: 48 }));
    expect(options.map((o) => `${o.flag}${o.premiumOnly ? '*' : ''}`)).toEqual([
      '1h',
      '1d',
      '48h',
      '7d*',
      '30d*',
    ]);
    expect(expiryByFlag('48h', options)?.seconds).toBe(48 * 3600);
    expect(expiryByFlag('2d', options)?.seconds).toBe(48 * 3600);
    expect(expiryByFlag('30d', options)?.seconds).toBe(30 * 24 * 3600);
    expect(expiryByFlag('2h', options)).toBeUndefined();
    expect(expiryByFlag('7 days', options)).toBeUndefined();
    // Retention in whole days from three on is named in days.
    expect(expiryOptions(linkLimits({ retentionHours: 72 }), false).at(-2)?.flag).toBe('3d');
  });
});
