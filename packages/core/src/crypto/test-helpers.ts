/** Shared fixtures for the crypto tests (not used by app code). */
import { concatBytes } from '../bytes';
import { importKey } from './key-material';
import { createDecryptionStream } from './record-cipher';

/** The test-vector key 00 01 … 1f and iv a0 a1 … ab (docs/encryption.md). */
export const VECTOR_RAW_KEY = Uint8Array.from({ length: 32 }, (_, i) => i);
export const VECTOR_IV = Uint8Array.from({ length: 12 }, (_, i) => 0xa0 + i);

export function vectorKey(): Promise<CryptoKey> {
  return importKey(VECTOR_RAW_KEY);
}

/** Deterministic, non-repeating-looking bytes: byte i = (7i + 3) mod 256. */
export function pattern(length: number): Uint8Array<ArrayBuffer> {
  return Uint8Array.from({ length }, (_, i) => (i * 7 + 3) & 0xff);
}

/** Byte comparison that stays fast on large arrays and reports where they first differ. */
export function firstDifference(actual: Uint8Array, expected: Uint8Array): number | null {
  const length = Math.min(actual.length, expected.length);
  for (let i = 0; i < length; i++) if (actual[i] !== expected[i]) return i;
  return actual.length === expected.length ? null : length;
}

export function toHex(bytes: Uint8Array | ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', bytes));
}

/** Small seeded PRNG (mulberry32) so "random" chunkings are reproducible. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Cuts `bytes` into chunks of random sizes in [1, maxChunk]. */
export function randomChunks(bytes: Uint8Array, maxChunk: number, random: () => number) {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = 1 + Math.floor(random() * maxChunk);
    chunks.push(bytes.slice(at, at + size));
    at += size;
  }
  return chunks;
}

/** Feeds chunks through the decryption stream as a network response would. */
export async function decryptChunks(
  key: CryptoKey,
  iv: Uint8Array,
  chunks: Uint8Array[],
): Promise<Uint8Array> {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const reader = source.pipeThrough(createDecryptionStream(key, iv)).getReader();
  const parts: Uint8Array[] = [];
  for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
  return concatBytes(parts);
}
