/**
 * Writes a download's plaintext into its files: one file, or a link's several laid end to end in
 * the order of their list (docs/encryption.md "Several files in one link"). Each file is written to
 * `<name>.part` and renamed only once every byte of the whole link has arrived and verified, so a
 * failed or tampered download never leaves a file that looks complete. Writes are batched to 1 MiB.
 * An interrupted download keeps its `.part` files, and a later one goes on from where they end.
 */
import { type FileHandle, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CliError } from './errors';

export interface Target {
  /** Where the file ends up. */
  path: string;
  size: number;
}

const BATCH_BYTES = 1024 * 1024;

export function partPath(target: Target): string {
  return `${target.path}.part`;
}

/**
 * Plaintext bytes an earlier, interrupted download left: the `.part` files in order, each before
 * the last one complete. 0 when there are none.
 */
export async function bytesOnDisk(targets: readonly Target[]): Promise<number> {
  let total = 0;
  for (const target of targets) {
    const size = await stat(partPath(target)).then(
      (info) => info.size,
      () => -1,
    );
    if (size < 0) break;
    total += Math.min(size, target.size);
    if (size < target.size) break;
  }
  return total;
}

/** Writes the plaintext from byte `resumeAt` on (0: from the start, the files' earlier bytes kept). */
export function createFileWriter(targets: readonly Target[], resumeAt = 0) {
  let index = 0;
  let written = resumeAt;
  // Files the earlier bytes fill completely are done; a zero-byte file at the point is made below.
  while (index < targets.length && written > 0 && written >= targets[index]!.size) {
    written -= targets[index]!.size;
    index += 1;
  }
  /** Earlier .part files are complete: only renamed at the end. */
  let resuming = resumeAt > 0;
  let handle: FileHandle | null = null;
  let batch: Uint8Array[] = [];
  let batched = 0;

  const flush = async () => {
    if (!handle || batched === 0) return;
    const chunks = batch;
    const position = written - batched;
    batch = [];
    batched = 0;
    await handle.writev(chunks, position);
  };
  /** Opens the current file, closing files that are complete (zero-byte ones included). */
  const current = async (): Promise<FileHandle | null> => {
    while (index < targets.length && written === targets[index]!.size) {
      await flush();
      if (handle) await handle.close();
      else await openPart(targets[index]!).then((h) => h.close());
      handle = null;
      index += 1;
      written = 0;
    }
    if (index >= targets.length) return null;
    if (!handle && resuming) {
      resuming = false;
      // Cut back to where the plaintext goes on: the rest is written again, verified.
      handle = await open(partPath(targets[index]!), 'r+').catch(() => null);
      await handle?.truncate(written);
    }
    handle ??= await openPart(targets[index]!);
    return handle;
  };

  return {
    async write(chunk: Uint8Array): Promise<void> {
      let offset = 0;
      while (offset < chunk.length) {
        if (!(await current())) throw new CliError('The download has more bytes than its files.');
        const take = Math.min(chunk.length - offset, targets[index]!.size - written);
        batch.push(chunk.subarray(offset, offset + take));
        batched += take;
        written += take;
        offset += take;
        if (batched >= BATCH_BYTES || written === targets[index]!.size) await flush();
      }
    },
    /** All bytes arrived: checks none is missing, then gives every file its name. */
    async finish(): Promise<void> {
      if (await current()) throw new CliError('The download ended before its last file.');
      for (const target of targets) await rename(partPath(target), target.path);
    },
    /** Stops writing and keeps the `.part` files for a later run to go on from. */
    async close(): Promise<void> {
      await flush().catch(() => {});
      await handle?.close().catch(() => {});
      handle = null;
    },
    /** Removes whatever was written: nothing of a failed download is kept. */
    async discard(): Promise<void> {
      await handle?.close().catch(() => {});
      handle = null;
      for (const target of targets) await rm(partPath(target), { force: true });
    },
  };
}

async function openPart(target: Target): Promise<FileHandle> {
  await mkdir(dirname(target.path), { recursive: true });
  return open(partPath(target), 'w');
}
