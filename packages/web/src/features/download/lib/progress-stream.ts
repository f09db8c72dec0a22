/** Counting ciphertext as it arrives, for the download percent. */
import { HEADER_SIZE, RECORD_SIZE, TAG_SIZE } from '@sealdrop/core/record-format';

/** Stored size of an encrypted file (docs/encryption.md): header, then one tag per record. */
export function encryptedSize(plaintextSize: number): number {
  const records = Math.max(1, Math.ceil(plaintextSize / RECORD_SIZE));
  return HEADER_SIZE + plaintextSize + records * TAG_SIZE;
}

/**
 * Turns byte counts into whole percents, reporting each at most once (so the page does not
 * re-render per network chunk) and at most 99 until `finish`: a wrong total must not show 100%.
 */
export function createPercentReporter(total: number, onPercent: (percent: number) => void) {
  let reported = -1;
  return {
    update(received: number) {
      const percent = Math.min(99, Math.floor((received / Math.max(total, 1)) * 100));
      if (percent > reported) {
        reported = percent;
        onPercent(percent);
      }
    },
    finish: () => onPercent(100),
  };
}

/** Passes bytes through unchanged, reporting percents and, once the last byte has arrived, `onReceived`. */
export function createProgressStream(
  total: number,
  onPercent: (percent: number) => void,
  onReceived: () => void,
): TransformStream<Uint8Array, Uint8Array> {
  const percent = createPercentReporter(total, onPercent);
  let received = 0;
  return new TransformStream({
    transform(chunk, controller) {
      received += chunk.length;
      percent.update(received);
      controller.enqueue(chunk);
    },
    flush() {
      percent.finish();
      onReceived();
    },
  });
}
