import { describe, expect, it } from 'vitest';
import { urlLifetimeSeconds } from './links';

describe('urlLifetimeSeconds', () => {
  const now = 1_000_000;
  it('keeps the TTL while the file has longer to live', () => {
    expect(urlLifetimeSeconds(300, now + 3_600_000, now)).toBe(300);
  });
  it('cuts the TTL to the seconds the file has left (upload and download URLs alike)', () => {
    expect(urlLifetimeSeconds(3600, now + 90_500, now)).toBe(90);
  });
  it('never signs for less than a second', () => {
    expect(urlLifetimeSeconds(300, now + 200, now)).toBe(1);
  });
});
