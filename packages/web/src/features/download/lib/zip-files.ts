/**
 * "Download all": the decrypted plaintext of a link's object, cut into its files
 * by the metadata record's sizes, streamed into one zip as it arrives (client-zip: no compression,
 * ZIP64 beyond 4 GiB, memory flat). The entries take the sender's paths made safe
 * (core/file-list.ts), so the zip cannot write outside the folder it is unpacked in.
 */
import { safeEntryPath } from '@sealdrop/core/file-list';
import { makeZip, predictLength } from 'client-zip';

export interface ZipEntry {
  path: string;
  size: number;
}

/** Thrown when the plaintext is not the length the file list promised. */
export class FileListMismatchError extends Error {
  override name = 'FileListMismatchError';
  constructor() {
    super('The file list does not match the file');
  }
}

/** Exact size of the zip zipFiles makes of these entries. */
export function zipSize(entries: readonly ZipEntry[]): number {
  return Number(
    predictLength(entries.map(({ path, size }) => ({ name: safeEntryPath(path), size }))),
  );
}

export function zipFiles(
  plaintext: ReadableStream<Uint8Array>,
  entries: readonly ZipEntry[],
): ReadableStream<Uint8Array> {
  const reader = plaintext.getReader();
  let carry: Uint8Array | null = null;

  /** The next `size` bytes of the plaintext as one entry's stream. */
  const take = (size: number) => {
    let left = size;
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (left === 0) return controller.close();
        let chunk = carry;
        carry = null;
        if (!chunk) {
          const next = await reader.read();
          if (next.done) throw new FileListMismatchError();
          chunk = next.value;
        }
        if (chunk.length > left) {
          carry = chunk.subarray(left);
          chunk = chunk.subarray(0, left);
        }
        left -= chunk.length;
        controller.enqueue(chunk);
      },
      cancel: (reason) => reader.cancel(reason),
    });
  };

  async function* files() {
    for (const { path, size } of entries) {
      yield { name: safeEntryPath(path), size, input: take(size) };
    }
    // Reading to the end also verifies the final record: nothing may follow the last file.
    const rest = carry ? { done: false } : await reader.read();
    if (!rest.done) throw new FileListMismatchError();
  }

  return makeZip(files(), { buffersAreUTF8: true });
}
