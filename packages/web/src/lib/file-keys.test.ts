import { describe, expect, it } from 'vitest';
import { forgetFileKey, linkWithKey, recallFileKey, rememberFileKey } from './file-keys';

describe('file keys', () => {
  it('remembers a fragment with or without its hash and recalls it without one', () => {
    rememberFileKey('abc123', '#key=K&iv=I');
    rememberFileKey('def456', 'key=L&iv=J');
    expect(recallFileKey('abc123')).toBe('key=K&iv=I');
    expect(recallFileKey('def456')).toBe('key=L&iv=J');
    expect(localStorage.getItem('sealdrop:keys:abc123')).toBe('key=K&iv=I');
  });

  it('builds the share link with the key when known and without it otherwise', () => {
    rememberFileKey('abc123', 'key=K&iv=I');
    expect(linkWithKey('http://x/s/abc123', 'abc123')).toBe('http://x/s/abc123#key=K&iv=I');
    expect(linkWithKey('http://x/s/zzz', 'zzz')).toBe('http://x/s/zzz');
  });

  it('forgets a key', () => {
    rememberFileKey('abc123', 'key=K&iv=I');
    forgetFileKey('abc123');
    expect(recallFileKey('abc123')).toBeNull();
  });
});
