/**
 * The link fragment `key=<base64url>&iv=<base64url>`. Browsers never send the fragment to the
 * server, which is why the key lives there and nowhere else.
 */
import { IV_BYTES, KEY_BYTES } from '../record-format';
import { fromBase64Url, toBase64Url } from './base64url';

export interface FragmentSecrets {
  rawKey: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
}

export function buildFragment({ rawKey, iv }: { rawKey: Uint8Array; iv: Uint8Array }): string {
  if (rawKey.length !== KEY_BYTES || iv.length !== IV_BYTES) {
    throw new RangeError(`A fragment carries a ${KEY_BYTES}-byte key and a ${IV_BYTES}-byte iv`);
  }
  return `key=${toBase64Url(rawKey)}&iv=${toBase64Url(iv)}`;
}

/**
 * Reads `location.hash` (with or without its leading '#'). Returns null when the key or iv is
 * missing, repeated, not canonical base64url or of the wrong length; other parameters are ignored
 * so later link options do not break older readers.
 */
export function parseFragment(hash: string): FragmentSecrets | null {
  const params = fragmentParams(hash);
  const rawKey = readFragmentBytes(params, 'key', KEY_BYTES);
  const iv = readFragmentBytes(params, 'iv', IV_BYTES);
  return rawKey && iv ? { rawKey, iv } : null;
}

/** A link fragment's parameters, from `location.hash` with or without its leading '#'. */
export function fragmentParams(hash: string): URLSearchParams {
  return new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
}

/**
 * One parameter's bytes, or null when it is missing, repeated, not canonical base64url or not
 * `length` bytes long: every secret a link carries is read this strictly.
 */
export function readFragmentBytes(params: URLSearchParams, name: string, length: number) {
  const values = params.getAll(name);
  if (values.length !== 1) return null;
  try {
    const bytes = fromBase64Url(values[0]!);
    return bytes.length === length ? bytes : null;
  } catch {
    return null;
  }
}
