import { describe, expect, it } from 'vitest';
import { fromBase64Url } from './base64url';
import { parseFragment } from './fragment';
import {
  buildProtectedFragment,
  deriveWrappingKey,
  KDF_ID,
  PBKDF2_ITERATIONS,
  parseProtectedFragment,
  protectSecrets,
  unlockSecrets,
  unwrapFileKey,
  WrongPassphraseError,
} from './passphrase';
import { toHex, VECTOR_IV, VECTOR_RAW_KEY } from './test-helpers';

// Computed once with node:crypto (pbkdf2Sync + id-aes256-wrap), independently of WebCrypto, and
// frozen here and in docs/encryption.md.
const VECTOR_SALT = Uint8Array.from({ length: 16 }, (_, i) => 0xc0 + i);
const VECTOR_PASSPHRASE = 'correct horse battery staple';
const VECTOR_WRAPPED =
  '25f43d8f2ca4f9ffa8980a978c33f1512e4c80cd056ef3a795fe504a5a62bcc421602593d1068aee';
const VECTOR_FRAGMENT =
  'wkey=JfQ9jyyk-f-omAqXjDPxUS5MgM0FbvOnlf5QSlpivMQhYCWT0QaK7g&iv=oKGio6Slpqeoqaqr' +
  '&salt=wMHCw8TFxsfIycrLzM3Ozw&kdf=pbkdf2-sha256-600000';
// "Grüße, Welt" typed with a decomposed ü (u + U+0308): NFC makes it the same passphrase.
const NFD_PASSPHRASE = 'Gru\u0308ße, Welt';
const NFC_WRAPPED =
  'e934c1569af7ce4385c4c256ec9c18adb73b6924fdfe670184e5d0c9be702dd7643e7ee2c07d05f2';

const vectorSecrets = () => ({ rawKey: VECTOR_RAW_KEY, iv: VECTOR_IV });

describe('passphrase-protected link secrets', () => {
  it('uses PBKDF2-SHA-256 with 600,000 iterations', () => {
    expect(PBKDF2_ITERATIONS).toBe(600_000);
    expect(KDF_ID).toBe('pbkdf2-sha256-600000');
  });

  it('wraps the vector key into the frozen test vector', async () => {
    const sealed = await protectSecrets(vectorSecrets(), VECTOR_PASSPHRASE, VECTOR_SALT);
    expect(toHex(sealed.wrappedKey)).toBe(VECTOR_WRAPPED);
    expect(buildProtectedFragment(sealed)).toBe(VECTOR_FRAGMENT);
  });

  it('unlocks the frozen fragment with the right passphrase', async () => {
    const parsed = parseProtectedFragment(`#${VECTOR_FRAGMENT}`);
    expect(parsed).not.toBeNull();
    expect(await unlockSecrets(parsed!, VECTOR_PASSPHRASE)).toEqual(vectorSecrets());
  });

  it('normalizes the passphrase to NFC before deriving', async () => {
    const sealed = await protectSecrets(vectorSecrets(), NFD_PASSPHRASE, VECTOR_SALT);
    expect(toHex(sealed.wrappedKey)).toBe(NFC_WRAPPED);
  });

  it.each([
    ['a wrong passphrase', 'correct horse battery stapler'],
    ['a different case', 'Correct horse battery staple'],
    ['an empty passphrase', ''],
  ])('refuses %s with WrongPassphraseError', async (_, passphrase) => {
    const parsed = parseProtectedFragment(VECTOR_FRAGMENT)!;
    await expect(unlockSecrets(parsed, passphrase)).rejects.toBeInstanceOf(WrongPassphraseError);
  });

  it('refuses a wrapped key with one flipped bit, whatever the passphrase', async () => {
    const parsed = parseProtectedFragment(VECTOR_FRAGMENT)!;
    parsed.wrappedKey[7]! ^= 1;
    await expect(unlockSecrets(parsed, VECTOR_PASSPHRASE)).rejects.toThrow('Wrong passphrase.');
  });

  it('draws a fresh salt each time, so one passphrase never gives two links the same wrapping', async () => {
    const a = await protectSecrets(vectorSecrets(), VECTOR_PASSPHRASE);
    const b = await protectSecrets(vectorSecrets(), VECTOR_PASSPHRASE);
    expect(toHex(a.salt)).not.toBe(toHex(b.salt));
    expect(toHex(a.wrappedKey)).not.toBe(toHex(b.wrappedKey));
    expect(await unlockSecrets(b, VECTOR_PASSPHRASE)).toEqual(vectorSecrets());
  });

  it('never puts the passphrase or the bare key into the fragment', async () => {
    const fragment = buildProtectedFragment(
      await protectSecrets(vectorSecrets(), VECTOR_PASSPHRASE),
    );
    expect(fragment).not.toMatch(/(^|&)key=/);
    expect(fragment).not.toContain('AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8');
    expect(fragment).not.toContain('horse');
    // An older reader sees no key at all rather than a wrong one.
    expect(parseFragment(fragment)).toBeNull();
  });

  it('derives with the iterations it is given (the product always uses the default)', async () => {
    const fast = await deriveWrappingKey(VECTOR_PASSPHRASE, VECTOR_SALT, 1);
    const wrapped = fromBase64Url('JfQ9jyyk-f-omAqXjDPxUS5MgM0FbvOnlf5QSlpivMQhYCWT0QaK7g');
    await expect(unwrapFileKey(wrapped, fast)).rejects.toBeInstanceOf(WrongPassphraseError);
  });

  it('accepts the parameters in any order and ignores unknown ones', () => {
    const [wkey, iv, salt, kdf] = VECTOR_FRAGMENT.split('&');
    expect(parseProtectedFragment(`${kdf}&${salt}&future=1&${iv}&${wkey}`)).toEqual(
      parseProtectedFragment(VECTOR_FRAGMENT),
    );
  });

  it.each([
    [
      'an unprotected fragment',
      'key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8&iv=oKGio6Slpqeoqaqr',
    ],
    ['a missing kdf', VECTOR_FRAGMENT.replace('&kdf=pbkdf2-sha256-600000', '')],
    ['a weaker kdf', VECTOR_FRAGMENT.replace('600000', '1000')],
    ['a missing salt', VECTOR_FRAGMENT.replace('&salt=wMHCw8TFxsfIycrLzM3Ozw', '')],
    ['a short salt', VECTOR_FRAGMENT.replace('wMHCw8TFxsfIycrLzM3Ozw', 'wMHCw8TFxsfIycrLzM3O')],
    ['a short wkey', VECTOR_FRAGMENT.replace('MQhYCWT0QaK7g', 'MQhYCWT0Q')],
    ['padded base64', VECTOR_FRAGMENT.replace('&iv=oKGio6Slpqeoqaqr', '&iv=oKGio6Slpqeoqaqr=')],
    ['a bare key alongside', `${VECTOR_FRAGMENT}&key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8`],
    ['a repeated salt', `${VECTOR_FRAGMENT}&salt=wMHCw8TFxsfIycrLzM3Ozw`],
  ])('returns null for %s', (_, hash) => {
    expect(parseProtectedFragment(hash)).toBeNull();
  });
});
