import { describe, expect, it } from 'vitest';
import { decideQuota, QUOTA_WINDOW_MS, quotaLimitsFor, quotaSubject } from './quotas.models';

const T = 1_800_000_000_000;

describe('the daily quota rule', () => {
  it('admits the first upload of an empty window, whatever its size', () => {
    expect(decideQuota({ entries: [], bytes: 10 ** 12, limits: { bytes: 1, uploads: 1 } })).toEqual(
      {
        admitted: true,
      },
    );
  });

  it('refuses past the upload count, until the oldest uploads leave the window', () => {
    const entries = [
      { at: T + 30, bytes: 1 },
      { at: T, bytes: 1 },
      { at: T + 10, bytes: 1 },
    ];
    expect(decideQuota({ entries, bytes: 1, limits: { bytes: 0, uploads: 4 } })).toEqual({
      admitted: true,
    });
    expect(decideQuota({ entries, bytes: 1, limits: { bytes: 0, uploads: 3 } })).toEqual({
      admitted: false,
      limit: { uploads: 3 },
      resetsAt: T + QUOTA_WINDOW_MS,
    });
    // Two must leave for a limit of 2: the second oldest decides.
    expect(decideQuota({ entries, bytes: 1, limits: { bytes: 0, uploads: 2 } })).toMatchObject({
      resetsAt: T + 10 + QUOTA_WINDOW_MS,
    });
  });

  it('refuses past the bytes, until enough of the oldest bytes leave for this upload to fit', () => {
    const entries = [
      { at: T, bytes: 40 },
      { at: T + 10, bytes: 30 },
      { at: T + 20, bytes: 20 },
    ];
    const limits = { bytes: 100, uploads: 0 };
    expect(decideQuota({ entries, bytes: 10, limits })).toEqual({ admitted: true });
    expect(decideQuota({ entries, bytes: 30, limits })).toEqual({
      admitted: false,
      limit: { bytes: 100 },
      resetsAt: T + QUOTA_WINDOW_MS,
    });
    expect(decideQuota({ entries, bytes: 75, limits })).toMatchObject({
      resetsAt: T + 10 + QUOTA_WINDOW_MS,
    });
    // Larger than the whole quota: it fits only in an empty window.
    expect(decideQuota({ entries, bytes: 500, limits })).toMatchObject({
      resetsAt: T + 20 + QUOTA_WINDOW_MS,
    });
  });

  it('names the limit that holds longest when both are reached', () => {
    const entries = [
      { at: T, bytes: 90 },
      { at: T + 10, bytes: 5 },
    ];
    const decision = decideQuota({ entries, bytes: 10, limits: { bytes: 100, uploads: 2 } });
    expect(decision).toEqual({
      admitted: false,
      limit: { bytes: 100 },
      resetsAt: T + QUOTA_WINDOW_MS,
    });
    const count = decideQuota({
      entries: [
        { at: T, bytes: 90 },
        { at: T + 10, bytes: 1 },
      ],
      bytes: 20,
      limits: { bytes: 100, uploads: 1 },
    });
    expect(count).toEqual({
      admitted: false,
      limit: { uploads: 1 },
      resetsAt: T + 10 + QUOTA_WINDOW_MS,
    });
  });

  it('treats 0 as no limit', () => {
    const entries = Array.from({ length: 500 }, (_, i) => ({ at: T + i, bytes: 10 ** 9 }));
    expect(decideQuota({ entries, bytes: 10 ** 9, limits: { bytes: 0, uploads: 0 } })).toEqual({
      admitted: true,
    });
  });

  it('counts accounts by account and everyone else by address, each tier with its settings', () => {
    expect(quotaSubject({ accountId: 'u1', addressHash: 'h' })).toBe('account:u1');
    expect(quotaSubject({ accountId: null, addressHash: 'h' })).toBe('address:h');
    const config = {
      ANON_DAILY_BYTES: 1,
      ANON_DAILY_UPLOADS: 2,
      ACCOUNT_DAILY_BYTES: 3,
      ACCOUNT_DAILY_UPLOADS: 4,
      PREMIUM_DAILY_BYTES: 5,
      PREMIUM_DAILY_UPLOADS: 6,
    };
    expect(quotaLimitsFor('guest', config)).toEqual({ bytes: 1, uploads: 2 });
    expect(quotaLimitsFor('free', config)).toEqual({ bytes: 3, uploads: 4 });
    expect(quotaLimitsFor('premium', config)).toEqual({ bytes: 5, uploads: 6 });
  });
});
