/**
 * Seals one part chunk by chunk into a writable file (OPFS), so that neither the part's plaintext
 * nor its ciphertext is ever whole in memory. Runs in the staging worker; the file sink is
 * injected so the logic is testable without OPFS.
 */
import { sealPartRecords } from '@sealdrop/core/crypto/record-cipher';
import { partChunks, partObjectSize } from '@sealdrop/core/upload-plan';

/** Plaintext read, sealed and written per step: 16 records. */
export const STAGE_CHUNK_SIZE = 4 * 1024 * 1024;

/** The subset of FileSystemSyncAccessHandle used here. */
export interface PartSink {
  write(bytes: Uint8Array<ArrayBuffer>, options: { at: number }): number;
  truncate(size: number): void;
}

export interface StagePartInput {
  file: Blob;
  key: CryptoKey;
  iv: Uint8Array;
  partSize: number;
  partNumber: number;
  /** Plaintext per step; STAGE_CHUNK_SIZE unless a test wants several small steps. */
  chunkSize?: number;
}

/** Thrown when the sink fails (quota, disk): the caller can still seal the part in memory. */
export class SinkError extends Error {
  constructor(cause: unknown) {
    super(`Could not stage the part: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'SinkError';
  }
}

/** Writes the sealed part to `sink` from offset 0; returns its size (checked against the plan). */
export async function stagePart(input: StagePartInput, sink: PartSink): Promise<number> {
  const { file, key, iv, partSize, partNumber } = input;
  const sinkStep = <T>(step: () => T): T => {
    try {
      return step();
    } catch (error) {
      throw new SinkError(error);
    }
  };
  sinkStep(() => sink.truncate(0));
  let at = 0;
  const chunkSize = input.chunkSize ?? STAGE_CHUNK_SIZE;
  for (const chunk of partChunks(file.size, partSize, partNumber, chunkSize)) {
    const plaintext = new Uint8Array(await file.slice(chunk.start, chunk.end).arrayBuffer());
    const records = await sealPartRecords({ key, iv, plaintext, ...chunk });
    for (const record of records) {
      const written = sinkStep(() => sink.write(record, { at }));
      if (written !== record.length) {
        throw new SinkError(new Error(`wrote ${written} of ${record.length} bytes`));
      }
      at += written;
    }
  }
  const expected = partObjectSize(file.size, true, partSize, partNumber);
  if (at !== expected) {
    throw new RangeError(`Part ${partNumber} encrypted to ${at} bytes, expected ${expected}`);
  }
  return at;
}
