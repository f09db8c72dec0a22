/**
 * The per-file secret: an AES-256-GCM key and a 12-byte IV, both random. The raw bytes exist only
 * to be put into the link fragment; the CryptoKey itself is not extractable.
 */
import { IV_BYTES, KEY_BYTES } from '../record-format';

export interface KeyMaterial {
  key: CryptoKey;
  rawKey: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
}

export async function generateKeyMaterial(): Promise<KeyMaterial> {
  const rawKey = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  return { key: await importKey(rawKey), rawKey, iv };
}

/** Imports a raw 32-byte key for AES-GCM encrypt and decrypt; rejects any other length. */
export async function importKey(raw: Uint8Array): Promise<CryptoKey> {
  if (raw.length !== KEY_BYTES) {
    throw new RangeError(`An encryption key is ${KEY_BYTES} bytes, got ${raw.length}`);
  }
  // Copy so the key bytes are an ArrayBuffer-backed view whatever the caller passed in.
  return crypto.subtle.importKey('raw', new Uint8Array(raw), { name: 'AES-GCM' }, false, [
    'encrypt',
    'decrypt',
  ]);
}
