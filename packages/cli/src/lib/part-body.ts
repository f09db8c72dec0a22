/**
 * The bytes of one upload part, produced a chunk at a time: read from disk, sealed with core's
 * record cipher (the same records the web page sends), handed on. The next chunk is read and
 * sealed while the current one is on the wire, and at most two chunks of a part exist at once.
 */
import { sealPartRecords } from '@sealdrop/core/crypto/record-cipher';
import { partChunks } from '@sealdrop/core/upload-plan';
import type { PlaintextSource } from './plaintext-source';

/** Plaintext per chunk: 16 records, what core's sealing keeps in flight anyway. */
export const CHUNK_SIZE = 1024 * 1024;

export interface PartCipher {
  key: CryptoKey;
  iv: Uint8Array;
}

export interface PartBodyInput {
  source: PlaintextSource;
  cipher: PartCipher | null;
  /** Plaintext bytes per part; for a single PUT, at least the whole size. */
  partSize: number;
  partNumber: number;
}

export async function* partBody(input: PartBodyInput): AsyncGenerator<Uint8Array> {
  const { source, cipher, partSize, partNumber } = input;
  const chunks = partChunks(source.size, partSize, partNumber, CHUNK_SIZE);
  // Sealing copies what it reads, so two plaintext buffers serve the whole part (one being read,
  // one being sealed): a GiB of fresh arrays would otherwise keep the garbage collector busy.
  // Plain bytes go to the socket as they are, so they need arrays of their own.
  const buffers = cipher ? [new Uint8Array(CHUNK_SIZE), new Uint8Array(CHUNK_SIZE)] : [];
  const produce = async (i: number): Promise<Uint8Array[]> => {
    const chunk = chunks[i]!;
    const plaintext = await source.read(chunk.start, chunk.end, buffers[i % 2]);
    if (!cipher) return [plaintext];
    return sealPartRecords({
      key: cipher.key,
      iv: cipher.iv,
      plaintext,
      firstRecordIndex: chunk.firstRecordIndex,
      isLastPart: chunk.isLastPart,
      withHeader: chunk.withHeader,
    });
  };
  let next = produce(0);
  for (let i = 0; i < chunks.length; i += 1) {
    const pieces = await next;
    if (i + 1 < chunks.length) {
      next = produce(i + 1);
      // Reported when its turn comes; this only keeps an early failure from going unhandled.
      next.catch(() => {});
    }
    yield* pieces;
  }
}
