/**
 * Sealing and opening one record. Record i uses nonce = iv XOR i (i as a 64-bit big-endian
 * integer over the last 8 iv bytes), so no two records of a file share a nonce, and additional
 * data = header (8 bytes) || final flag (1 byte), so a record only opens at its own position and
 * with its own "last or not" status: truncation, reordering, swaps and appended records fail.
 */
import { IV_BYTES } from '../record-format';
import { encodeHeader } from './record-header';

export const DECRYPTION_FAILED_MESSAGE = 'The file is incomplete or has been tampered with';

/** Authentication failed: wrong key or iv, truncated, reordered or modified data. */
export class DecryptionError extends Error {
  override name = 'DecryptionError';
  constructor(message = DECRYPTION_FAILED_MESSAGE, options?: ErrorOptions) {
    super(message, options);
  }
}

const TWO_POW_32 = 2 ** 32;
const NOT_FINAL_AAD = additionalData(false);
const FINAL_AAD = additionalData(true);

function additionalData(isFinal: boolean): Uint8Array<ArrayBuffer> {
  const aad = new Uint8Array(9);
  aad.set(encodeHeader());
  aad[8] = isFinal ? 1 : 0;
  return aad;
}

export function recordNonce(iv: Uint8Array, index: number): Uint8Array<ArrayBuffer> {
  if (iv.length !== IV_BYTES) throw new RangeError(`The iv is ${IV_BYTES} bytes, got ${iv.length}`);
  if (!Number.isSafeInteger(index) || index < 0) {
    throw new RangeError(`Invalid record index ${index}`);
  }
  const nonce = new Uint8Array(iv);
  const view = new DataView(nonce.buffer);
  view.setUint32(4, view.getUint32(4) ^ Math.floor(index / TWO_POW_32));
  view.setUint32(8, view.getUint32(8) ^ (index % TWO_POW_32));
  return nonce;
}

function params(iv: Uint8Array, index: number, isFinal: boolean): AesGcmParams {
  return {
    name: 'AES-GCM',
    iv: recordNonce(iv, index),
    additionalData: isFinal ? FINAL_AAD : NOT_FINAL_AAD,
    tagLength: 128,
  };
}

/** Returns ciphertext || 16-byte tag. */
export function sealRecord(
  key: CryptoKey,
  iv: Uint8Array,
  index: number,
  isFinal: boolean,
  plaintext: Uint8Array<ArrayBuffer>,
): Promise<ArrayBuffer> {
  return crypto.subtle.encrypt(params(iv, index, isFinal), key, plaintext);
}

export async function openRecord(
  key: CryptoKey,
  iv: Uint8Array,
  index: number,
  isFinal: boolean,
  sealed: Uint8Array<ArrayBuffer>,
): Promise<ArrayBuffer> {
  try {
    return await crypto.subtle.decrypt(params(iv, index, isFinal), key, sealed);
  } catch (error) {
    throw new DecryptionError(DECRYPTION_FAILED_MESSAGE, { cause: error });
  }
}
