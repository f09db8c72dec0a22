import { describe, expect, it } from 'vitest';
import { defaultExpirySeconds, EXPIRY_SECONDS, expiryOptions, linkLimits } from './link-options';

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

  it('maps the command line flags to seconds', () => {
    expect(EXPIRY_SECONDS).toEqual({ '1h': 3600, '1d': 86_400, '7d': 604_800, '30d': 2_592_000 });
  });
});
