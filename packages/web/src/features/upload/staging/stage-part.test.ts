import '../testing/blob-polyfill';
import { generateKeyMaterial } from '@sealdrop/core/crypto/key-material';
import { encryptPart } from '@sealdrop/core/crypto/record-cipher';
import { RECORD_SIZE } from '@sealdrop/core/record-format';
import { partPlainRange } from '@sealdrop/core/upload-plan';
import { describe, expect, it } from 'vitest';
import { type PartSink, SinkError, stagePart } from './stage-part';

/** An in-memory stand-in for an OPFS sync access handle. */
function memorySink(failAfterBytes = Number.POSITIVE_INFINITY) {
  let bytes = new Uint8Array(0);
  const sink: PartSink = {
    truncate(size) {
      bytes = bytes.slice(0, size);
    },
    write(data, { at }) {
      if (at + data.length > failAfterBytes) throw new DOMException('full', 'QuotaExceededError');
      if (at + data.length > bytes.length) {
        const grown = new Uint8Array(at + data.length);
        grown.set(bytes);
        bytes = grown;
      }
      bytes.set(data, at);
      return data.length;
    },
  };
  return { sink, bytes: () => bytes };
}

const CHUNK = 2 * RECORD_SIZE;
const PART = 5 * RECORD_SIZE; // three chunks per part, the last one short
const fileOf = (size: number) =>
  new File([Uint8Array.from({ length: size }, (_, i) => (i * 13 + 5) & 0xff)], 'f.bin');

describe('stagePart', () => {
  it.each([1, 2])('writes exactly the bytes of encryptPart for part %i', async (partNumber) => {
    const file = fileOf(PART + RECORD_SIZE + 99);
    const { key, iv } = await generateKeyMaterial();
    const memory = memorySink();
    const written = await stagePart(
      { file, key, iv, partSize: PART, partNumber, chunkSize: CHUNK },
      memory.sink,
    );
    const { start, end } = partPlainRange(file.size, PART, partNumber);
    const expected = await encryptPart({
      key,
      iv,
      plaintext: new Uint8Array(await file.slice(start, end).arrayBuffer()),
      firstRecordIndex: start / RECORD_SIZE,
      isLastPart: partNumber === 2,
      withHeader: partNumber === 1,
    });
    expect(written).toBe(expected.length);
    expect(memory.bytes()).toEqual(expected);
  });

  it('reports a failing sink as a SinkError, so the part can still be sealed in memory', async () => {
    const { key, iv } = await generateKeyMaterial();
    const memory = memorySink(RECORD_SIZE * 2);
    await expect(
      stagePart(
        { file: fileOf(PART), key, iv, partSize: PART, partNumber: 1, chunkSize: CHUNK },
        memory.sink,
      ),
    ).rejects.toBeInstanceOf(SinkError);
  });

  it('treats a short write as a sink failure', async () => {
    const { key, iv } = await generateKeyMaterial();
    const sink: PartSink = { truncate() {}, write: (data) => data.length - 1 };
    await expect(
      stagePart({ file: fileOf(100), key, iv, partSize: PART, partNumber: 1 }, sink),
    ).rejects.toThrow(/wrote \d+ of \d+ bytes/);
  });
});
