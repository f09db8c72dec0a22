import { describe, expect, it } from 'vitest';
import { sessionToken } from '../../testing/session-token';
import {
  clockOffsetFrom,
  FALLBACK_RENEW_MS,
  RENEW_MARGIN_MS,
  readTokenClaims,
  renewalDueAt,
} from './token-expiry';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

describe('token expiry', () => {
  it('reads the user, issue and expiry times of a session token', () => {
    const token = sessionToken({ userId: 'u-9', issuedAt: NOW, lifetimeMs: 7 * DAY_MS });
    expect(readTokenClaims(token)).toEqual({
      subject: 'u-9',
      issuedAtMs: NOW,
      expiresAtMs: NOW + 7 * DAY_MS,
    });
  });

  it('renews a 7-day token one day before it expires', () => {
    const token = sessionToken({ issuedAt: NOW, lifetimeMs: 7 * DAY_MS });
    expect(renewalDueAt(token, NOW)).toBe(NOW + 7 * DAY_MS - RENEW_MARGIN_MS);
  });

  it('renews a short-lived token half-way through its life', () => {
    const token = sessionToken({ issuedAt: NOW, lifetimeMs: 60_000 });
    expect(renewalDueAt(token, NOW)).toBe(NOW + 30_000);
  });

  it("plans by the server's clock, measured on a new token, when this one runs ahead", () => {
    const token = sessionToken({ issuedAt: NOW, lifetimeMs: 7 * DAY_MS });
    const offset = clockOffsetFrom(token, NOW + 3 * DAY_MS);
    expect(offset).toBe(3 * DAY_MS);
    expect(renewalDueAt(token, NOW + 3 * DAY_MS, offset)).toBe(NOW + 9 * DAY_MS);
    expect(clockOffsetFrom('opaque-token', NOW)).toBe(0);
  });

  it('renews an unreadable token a day after this tab took it', () => {
    expect(readTokenClaims('opaque-token')).toBeNull();
    expect(readTokenClaims('a.%%%.c')).toBeNull();
    expect(renewalDueAt('opaque-token', NOW)).toBe(NOW + FALLBACK_RENEW_MS);
  });
});
