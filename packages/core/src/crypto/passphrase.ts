/**
 * Passphrase-protected links (docs/encryption.md, "Passphrase-protected links"): the fragment carries the file key
 * wrapped (AES-KW, RFC 3394) under a key derived from the passphrase with PBKDF2-SHA-256, plus the
 * salt — never the passphrase or the bare key. The link alone then does not open the file.
 *
 * `wkey=<base64url(40 bytes)>&iv=<base64url(12)>&salt=<base64url(16)>&kdf=pbkdf2-sha256-600000`
 */
import { IV_BYTES, KEY_BYTES } from '../record-format';
import { toBase64Url } from './base64url';
import { buildFragment, type FragmentSecrets, fragmentParams, readFragmentBytes } from './fragment';

/** OWASP's 2023 figure for PBKDF2-HMAC-SHA-256; the issue asks for at least this many. */
export const PBKDF2_ITERATIONS = 600_000;
/** The only key-derivation name a link may carry; anything else is refused, not guessed. */
export const KDF_ID = `pbkdf2-sha256-${PBKDF2_ITERATIONS}`;
export const SALT_BYTES = 16;
/** AES-KW output: the 32-byte key plus its 8-byte integrity block. */
export const WRAPPED_KEY_BYTES = KEY_BYTES + 8;

export interface ProtectedSecrets {
  wrappedKey: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
  salt: Uint8Array<ArrayBuffer>;
}

/** The passphrase did not unwrap the key (AES-KW's integrity check failed). */
export class WrongPassphraseError extends Error {
  constructor() {
    super('Wrong passphrase.');
    this.name = 'WrongPassphraseError';
  }
}

/**
 * The AES-KW key for `passphrase` (UTF-8 of its NFC form, so the same words typed on another
 * keyboard or system still match) and `salt`. `iterations` exists for tests of the derivation
 * itself; links always use PBKDF2_ITERATIONS.
 */
export async function deriveWrappingKey(
  passphrase: string,
  salt: Uint8Array,
  iterations: number = PBKDF2_ITERATIONS,
): Promise<CryptoKey> {
  if (salt.length !== SALT_BYTES) throw new RangeError(`A salt is ${SALT_BYTES} bytes`);
  const secret = new TextEncoder().encode(passphrase.normalize('NFC'));
  const base = await crypto.subtle.importKey('raw', secret, 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: new Uint8Array(salt), iterations },
    base,
    { name: 'AES-KW', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

export async function wrapFileKey(
  rawKey: Uint8Array,
  wrappingKey: CryptoKey,
): Promise<Uint8Array<ArrayBuffer>> {
  if (rawKey.length !== KEY_BYTES) throw new RangeError(`A file key is ${KEY_BYTES} bytes`);
  // Extractable only for the wrapKey call itself; this CryptoKey is dropped right after.
  const fileKey = await crypto.subtle.importKey('raw', new Uint8Array(rawKey), 'AES-GCM', true, [
    'encrypt',
  ]);
  return new Uint8Array(await crypto.subtle.wrapKey('raw', fileKey, wrappingKey, 'AES-KW'));
}

/** The raw file key; WrongPassphraseError when the integrity check fails. */
export async function unwrapFileKey(
  wrappedKey: Uint8Array,
  wrappingKey: CryptoKey,
): Promise<Uint8Array<ArrayBuffer>> {
  let fileKey: CryptoKey;
  try {
    fileKey = await crypto.subtle.unwrapKey(
      'raw',
      new Uint8Array(wrappedKey),
      wrappingKey,
      'AES-KW',
      'AES-GCM',
      true,
      ['decrypt'],
    );
  } catch {
    throw new WrongPassphraseError();
  }
  // The rest of the app takes raw bytes (as from an unprotected link) and imports them itself.
  return new Uint8Array(await crypto.subtle.exportKey('raw', fileKey));
}

/** Wraps the link's key under `passphrase` with a fresh random salt (or the one given, for tests). */
export async function protectSecrets(
  { rawKey, iv }: FragmentSecrets,
  passphrase: string,
  salt: Uint8Array<ArrayBuffer> = crypto.getRandomValues(new Uint8Array(SALT_BYTES)),
): Promise<ProtectedSecrets> {
  const wrappingKey = await deriveWrappingKey(passphrase, salt);
  return { wrappedKey: await wrapFileKey(rawKey, wrappingKey), iv, salt };
}

/** The link's key and iv, as an unprotected link would carry them; WrongPassphraseError if not. */
export async function unlockSecrets(
  { wrappedKey, iv, salt }: ProtectedSecrets,
  passphrase: string,
): Promise<FragmentSecrets> {
  const wrappingKey = await deriveWrappingKey(passphrase, salt);
  return { rawKey: await unwrapFileKey(wrappedKey, wrappingKey), iv };
}

export function buildProtectedFragment({ wrappedKey, iv, salt }: ProtectedSecrets): string {
  if (
    wrappedKey.length !== WRAPPED_KEY_BYTES ||
    iv.length !== IV_BYTES ||
    salt.length !== SALT_BYTES
  ) {
    throw new RangeError('A protected fragment carries a 40-byte wkey, 12-byte iv, 16-byte salt');
  }
  return `wkey=${toBase64Url(wrappedKey)}&iv=${toBase64Url(iv)}&salt=${toBase64Url(salt)}&kdf=${KDF_ID}`;
}

/**
 * The fragments of a new link: `fragment` carries the bare key (what the sender keeps), and
 * `linkFragment` is what the link shows: the same, or with a passphrase only the wrapped key.
 */
export async function linkFragments(
  secrets: FragmentSecrets,
  passphrase?: string,
): Promise<{ fragment: string; linkFragment: string }> {
  const fragment = buildFragment(secrets);
  const linkFragment = passphrase
    ? buildProtectedFragment(await protectSecrets(secrets, passphrase))
    : fragment;
  return { fragment, linkFragment };
}

/**
 * Reads a protected `location.hash` (with or without '#'). Null unless wkey, iv, salt and kdf are
 * each present once, canonical and of the right size, the kdf is KDF_ID and no bare `key` rides
 * along; other parameters are ignored, as in parseFragment.
 */
export function parseProtectedFragment(hash: string): ProtectedSecrets | null {
  const params = fragmentParams(hash);
  const kdf = params.getAll('kdf');
  if (kdf.length !== 1 || kdf[0] !== KDF_ID || params.has('key')) return null;
  const wrappedKey = readFragmentBytes(params, 'wkey', WRAPPED_KEY_BYTES);
  const iv = readFragmentBytes(params, 'iv', IV_BYTES);
  const salt = readFragmentBytes(params, 'salt', SALT_BYTES);
  return wrappedKey && iv && salt ? { wrappedKey, iv, salt } : null;
}
