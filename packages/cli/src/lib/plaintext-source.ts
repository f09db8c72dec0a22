/**
 * The files of a send read as one plaintext, laid end to end (docs/encryption.md "Several files in
 * one link"): any byte range, read straight from disk when a part needs it. Nothing is held
 * between reads, so memory does not depend on the file sizes.
 */
import { open } from 'node:fs/promises';
import { fileOffsets } from '@sealdrop/core/crypto/file-span';
import { CliError } from './errors';
import type { LocalFile } from './local-files';

export interface PlaintextSource {
  size: number;
  /**
   * Bytes [start, end) of the files laid end to end, in `into` when given (its first end - start
   * bytes), else in a new array.
   */
  read(
    start: number,
    end: number,
    into?: Uint8Array<ArrayBuffer>,
  ): Promise<Uint8Array<ArrayBuffer>>;
}

export function plaintextSource(files: readonly LocalFile[]): PlaintextSource {
  const offsets = fileOffsets(files.map((file) => file.size));
  const size = files.reduce((sum, file) => sum + file.size, 0);
  return {
    size,
    async read(start, end, into) {
      const out = into ? into.subarray(0, end - start) : new Uint8Array(end - start);
      for (let i = 0; i < files.length; i += 1) {
        const file = files[i]!;
        const from = Math.max(start, offsets[i]!);
        const to = Math.min(end, offsets[i]! + file.size);
        if (to <= from) continue;
        await readExactly(file, from - offsets[i]!, out.subarray(from - start, to - start));
      }
      return out;
    },
  };
}

async function readExactly(file: LocalFile, position: number, into: Uint8Array): Promise<void> {
  const handle = await open(file.absolutePath, 'r');
  try {
    let done = 0;
    while (done < into.length) {
      const { bytesRead } = await handle.read(into, done, into.length - done, position + done);
      // The plan was made for the size the file had; a shorter file would break the object.
      if (bytesRead === 0) throw new CliError(`${file.path} changed while it was being sent.`);
      done += bytesRead;
    }
  } finally {
    await handle.close();
  }
}
