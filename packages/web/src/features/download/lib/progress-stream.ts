/** Counting ciphertext as it arrives, for the download percent. */
import { HEADER_SIZE, RECORD_SIZE, TAG_SIZE } from '@sealdrop/core/record-format';

/** Stored size of an encrypted file (docs/encryption.md): header, then one tag per record. */
export function encryptedSize(plaintextSize: number): number {
  const records = Math.max(1, Math.ceil(plaintextSize / RECORD_SIZE));
  return HEADER_SIZE + plaintextSize + records * TAG_SIZE;
}

/**
 * The total to measure progress against: the response's Content-Length when the storage sends one,
 * otherwise what the plaintext size implies.
 */
export function expectedDownloadBytes(response: Response, plaintextSize: number): number {
  const header = Number(response.headers.get('Content-Length'));
  return Number.isSafeInteger(header) && header > 0 ? header : encryptedSize(plaintextSize);
}

/**
 * Passes bytes through unchanged, reporting whole percents (each at most once, so the page does
 * not re-render per network chunk) and, once the last byte has arrived, `onReceived`.
 */
export function createProgressStream(
  total: number,
  onPercent: (percent: number) => void,
  onReceived: () => void,
): TransformStream<Uint8Array, Uint8Array> {
  let received = 0;
  let reported = -1;
  return new TransformStream({
    transform(chunk, controller) {
      received += chunk.length;
      // 99 at most until the stream ends: a wrong total must not show 100% too early.
      const percent = Math.min(99, Math.floor((received / Math.max(total, 1)) * 100));
      if (percent > reported) {
        reported = percent;
        onPercent(percent);
      }
      controller.enqueue(chunk);
    },
    flush() {
      onPercent(100);
      onReceived();
    },
  });
}
