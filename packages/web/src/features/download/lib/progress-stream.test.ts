import { importKey } from '@sealdrop/core/crypto/key-material';
import { encryptBytes } from '@sealdrop/core/crypto/record-cipher';
import { RECORD_SIZE } from '@sealdrop/core/record-format';
import { describe, expect, it } from 'vitest';
import { createProgressStream, encryptedSize } from './progress-stream';

describe('encryptedSize', () => {
  it.each([0, 1, RECORD_SIZE - 1, RECORD_SIZE, RECORD_SIZE + 1, 3 * RECORD_SIZE])(
    'matches the real ciphertext length for %i plaintext bytes',
    async (size) => {
      const key = await importKey(new Uint8Array(32));
      const sealed = await encryptBytes(key, new Uint8Array(12), new Uint8Array(size));
      expect(encryptedSize(size)).toBe(sealed.length);
    },
  );
});

describe('createProgressStream', () => {
  it('reports each whole percent once, 100 only at the end, then that all bytes arrived', async () => {
    const events: (number | string)[] = [];
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(25));
        controller.enqueue(new Uint8Array(0));
        controller.close();
      },
    });
    const progress = createProgressStream(
      100,
      (p) => events.push(p),
      () => events.push('received'),
    );
    await source.pipeThrough(progress).pipeTo(new WritableStream());
    expect(events).toEqual([25, 50, 75, 99, 100, 'received']);
  });
});
