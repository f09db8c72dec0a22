import { describe, expect, it } from 'vitest';
import { buildFragment, parseFragment } from './fragment';
import { generateKeyMaterial, importKey } from './key-material';
import { decryptBytes, encryptBytes } from './record-cipher';

describe('key material', () => {
  it('generates a 32-byte key and a 12-byte iv, different every time', async () => {
    const a = await generateKeyMaterial();
    const b = await generateKeyMaterial();
    expect(a.rawKey).toHaveLength(32);
    expect(a.iv).toHaveLength(12);
    expect(a.rawKey).not.toEqual(b.rawKey);
    expect(a.iv).not.toEqual(b.iv);
  });

  it('gives a non-extractable AES-GCM key', async () => {
    const { key } = await generateKeyMaterial();
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
  });

  it('lets a recipient holding only the fragment decrypt', async () => {
    const sender = await generateKeyMaterial();
    const sealed = await encryptBytes(sender.key, sender.iv, new TextEncoder().encode('hi'));
    const secrets = parseFragment(`#${buildFragment(sender)}`)!;
    const opened = await decryptBytes(await importKey(secrets.rawKey), secrets.iv, sealed);
    expect(new TextDecoder().decode(opened)).toBe('hi');
  });

  it('refuses raw keys that are not 32 bytes', async () => {
    await expect(importKey(new Uint8Array(16))).rejects.toThrow(RangeError);
  });
});
