import { describe, expect, it } from 'vitest';
import { createKeyBox } from './moderation.key-box';

const KEY = 'key=BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc&iv=CQkJCQkJCQkJCQkJ';
const SECRET = 's'.repeat(32);

describe("the box a reporter's key is kept in", () => {
  it('opens what it sealed, for the same report only', () => {
    const box = createKeyBox(SECRET);
    const sealed = box.seal(KEY, 'report-1');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(KEY.slice(4, 20));
    expect(box.open(sealed, 'report-1')).toBe(KEY);
    expect(box.open(sealed, 'report-2')).toBeNull();
  });

  it('seals the same key differently each time (a fresh IV)', () => {
    const box = createKeyBox(SECRET);
    expect(box.seal(KEY, 'r')).not.toBe(box.seal(KEY, 'r'));
  });

  it('opens nothing under another secret, nor a box with a flipped byte', () => {
    const sealed = createKeyBox(SECRET).seal(KEY, 'r');
    expect(createKeyBox('t'.repeat(32)).open(sealed, 'r')).toBeNull();
    const [version, iv, body = ''] = sealed.split('.');
    const bytes = Buffer.from(body, 'base64url');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(
      createKeyBox(SECRET).open(`${version}.${iv}.${bytes.toString('base64url')}`, 'r'),
    ).toBeNull();
    for (const broken of ['', 'v2.a.b', 'v1..', 'v1.AAAA.AAAA', 'not a box'])
      expect(createKeyBox(SECRET).open(broken, 'r')).toBeNull();
  });
});
