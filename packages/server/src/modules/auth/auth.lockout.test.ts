import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, lockoutWaitMs, waitMinutes } from './auth.lockout';

const MINUTE = 60_000;
const NOW = 1_000_000_000;
const times = (...minutesAgo: number[]) => minutesAgo.map((m) => NOW - m * MINUTE);

describe('lockout wait', () => {
  it('lets an address try while it has failed fewer than ten times in 15 minutes', () => {
    expect(lockoutWaitMs({ byAddress: times(1, 2, 3), pressureSince: null, now: NOW })).toBe(0);
  });

  it('waits until the tenth newest failure leaves the 15-minute window', () => {
    const ten = times(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    expect(lockoutWaitMs({ byAddress: ten, pressureSince: null, now: NOW })).toBe(6 * MINUTE);
  });

  it('under pressure, gives a fresh address its small budget and a failed one the hour', () => {
    const pressureSince = NOW - 10 * MINUTE;
    expect(lockoutWaitMs({ byAddress: [], pressureSince, now: NOW })).toBe(0);
    expect(lockoutWaitMs({ byAddress: times(5), pressureSince, now: NOW })).toBe(0);
    expect(lockoutWaitMs({ byAddress: times(5, 20), pressureSince, now: NOW })).toBe(
      LOGIN_LIMITS.perAddressUnderPressure.windowMs - 20 * MINUTE,
    );
  });

  it('ends the wait when the pressure ends, if the address is within its usual budget then', () => {
    // The account's 100th newest failure leaves the hour in 5 minutes; the address's two
    // failures would keep it out for 40 more under pressure.
    const pressureSince = NOW - 55 * MINUTE;
    expect(lockoutWaitMs({ byAddress: times(10, 20), pressureSince, now: NOW })).toBe(5 * MINUTE);
  });

  it('says whole minutes, rounded up, at least one', () => {
    expect(waitMinutes(1)).toBe(1);
    expect(waitMinutes(MINUTE)).toBe(1);
    expect(waitMinutes(MINUTE + 1)).toBe(2);
    expect(waitMinutes(15 * MINUTE)).toBe(15);
  });
});
