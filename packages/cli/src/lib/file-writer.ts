/**
 * Writes a download's plaintext into its files: one file, or a link's several laid end to end in
 * the order of their list (docs/encryption.md "Several files in one link"). Each file is written to
 * `<name>.part` and renamed only once every byte of the whole link has arrived and verified, so a
 * failed or tampered download never leaves a file that looks complete. Writes are batched to 1 MiB.
 * An interrupted download keeps its `.part` files, and a later one goes on from where they end,
 * but only from bytes its sidecars say this link's download verified (part-sidecar.ts).
 */
import { type FileHandle, mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CliError } from './errors';
import {
  openSidecar,
  type PartTarget,
  partPath,
  readPartState,
  removePart,
  type Sidecar,
  sidecarPath,
} from './part-sidecar';

export type Target = PartTarget;

const BATCH_BYTES = 1024 * 1024;

/**
 * Plaintext bytes an earlier, interrupted download of the same link left verified: the `.part`
 * files in order, each before the last one complete. 0 when there are none.
 */
export async function bytesOnDisk(targets: readonly Target[]): Promise<number> {
  let total = 0;
  for (const target of targets) {
    const state = await readPartState(target);
    if (state.kind !== 'ours') break;
    total += state.verified;
    if (state.verified < target.size) break;
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
  let sidecar: Sidecar | null = null;
  let batch: Uint8Array[] = [];
  let batched = 0;

  const flush = async () => {
    if (!handle || batched === 0) return;
    const chunks = batch;
    const position = written - batched;
    batch = [];
    batched = 0;
    await handle.writev(chunks, position);
    // Only once the bytes are written does the sidecar count them.
    await sidecar?.record(handle, written);
  };
  const closeFile = async () => {
    await handle?.close();
    await sidecar?.close();
    handle = null;
    sidecar = null;
  };
  /** Opens the current file, closing files that are complete (zero-byte ones included). */
  const current = async (): Promise<FileHandle | null> => {
    while (index < targets.length && written === targets[index]!.size) {
      await flush();
      if (!handle) [handle, sidecar] = await openPart(targets[index]!);
      await closeFile();
      index += 1;
      written = 0;
    }
    if (index >= targets.length) return null;
    if (!handle && resuming) {
      resuming = false;
      // Cut back to where the plaintext goes on: the rest is written again, verified. The sidecar
      // says so first, so a run killed in between never counts bytes that are gone.
      handle = await open(partPath(targets[index]!), 'r+').catch(() => null);
      if (handle) {
        sidecar = await openSidecar(targets[index]!, { part: handle, verified: written });
        await handle.truncate(written);
      }
    }
    if (!handle) [handle, sidecar] = await openPart(targets[index]!);
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
      for (const target of targets) await rm(sidecarPath(target), { force: true });
    },
    /** Stops writing and keeps the `.part` files for a later run to go on from. */
    async close(): Promise<void> {
      await flush().catch(() => {});
      await closeFile().catch(() => {});
    },
    /** Removes whatever was written: nothing of a failed download is kept. */
    async discard(): Promise<void> {
      await closeFile().catch(() => {});
      for (const target of targets) await removePart(target);
    },
  };
}

/** A fresh `.part`, its sidecar written first: a `.part` of ours never exists without one. */
async function openPart(target: Target): Promise<[FileHandle, Sidecar]> {
  await mkdir(dirname(target.path), { recursive: true });
  const sidecar = await openSidecar(target);
  // Read as well: the sidecar hashes the last bytes written.
  return [await open(partPath(target), 'w+'), sidecar];
}
