/**
 * Writes a download's plaintext into its files: one file, or a link's several laid end to end in
 * the order of their list (docs/encryption.md "Several files in one link"). Each file is written to
 * `<name>.part` and renamed only once every byte of the whole link has arrived and verified, so a
 * failed or tampered download never leaves a file that looks complete. Writes are batched to 1 MiB.
 */
import { type FileHandle, mkdir, open, rename, rm } from 'node:fs/promises';
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

export function createFileWriter(targets: readonly Target[]) {
  let index = 0;
  let written = 0;
  let handle: FileHandle | null = null;
  let batch: Uint8Array[] = [];
  let batched = 0;

  const flush = async () => {
    if (!handle || batched === 0) return;
    const chunks = batch;
    batch = [];
    batched = 0;
    await handle.writev(chunks);
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
