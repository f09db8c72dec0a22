/**
 * Unpadded base64url (RFC 4648 §5), as used in share-link fragments. Decoding is strict: a link
 * that was mangled (wrong alphabet, padding, impossible length, stray bits) is refused rather than
 * silently decoded into a different key.
 */

const ALPHABET = /^[A-Za-z0-9_-]*$/;
// String.fromCharCode(...bytes) overflows the argument limit on large arrays; stay well below it.
const CHARS_PER_CALL = 0x8000;

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHARS_PER_CALL) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHARS_PER_CALL));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Throws a SyntaxError on anything but canonical unpadded base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!ALPHABET.test(text) || text.length % 4 === 1) {
    throw new SyntaxError('Invalid base64url text');
  }
  const padded =
    text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  // atob ignores non-zero bits after the last full byte; two texts must not name the same bytes.
  if (toBase64Url(bytes) !== text) throw new SyntaxError('Invalid base64url text');
  return bytes;
}
