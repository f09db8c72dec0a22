import { describe, expect, it } from 'vitest';
import { clientAddress, createAddressHasher } from './client-address';

describe('clientAddress', () => {
  it('keeps an IPv4 address as it is, also when it arrives IPv4-mapped', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one', () => {
    expect(clientAddress('2001:db8:1:2:aaaa::1')).toBe(clientAddress('2001:db8:1:2:ffff:1:2:3'));
    expect(clientAddress('2001:db8:1:2::1')).not.toBe(clientAddress('2001:db8:1:3::1'));
  });
});

describe('createAddressHasher', () => {
  const hash = createAddressHasher('s'.repeat(32));

  it('gives one hash to one /64 and another to the next', () => {
    expect(hash('2001:db8:1:2::1')).toBe(hash('2001:db8:1:2:9:9:9:9'));
    expect(hash('2001:db8:1:2::1')).not.toBe(hash('2001:db8:1:3::1'));
  });

  it('depends on the server secret, so a hash cannot be recomputed from the address alone', () => {
    expect(hash('203.0.113.7')).not.toBe(createAddressHasher('t'.repeat(32))('203.0.113.7'));
    expect(hash('203.0.113.7')).not.toContain('203');
  });
});
