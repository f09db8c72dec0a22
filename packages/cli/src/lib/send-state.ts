/**
 * What resuming an interrupted send needs, kept 0600 in the config directory:
 * the upload's key, plan and finished parts. A file is one that was being sent only if its size,
 * mtime and a hash of its first and last MiB are unchanged; otherwise the send starts over. A
 * passphrase link's state keeps its key only as the link does, wrapped: the file alone (a backup,
 * a synced folder) opens nothing, and resuming needs the passphrase again.
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { readJson, removeFile, writeSecretJson } from './config-dir';
import type { LocalFile } from './local-files';

const SAMPLE = 1024 * 1024;

const fingerprintSchema = z.object({
  absolutePath: z.string(),
  path: z.string(),
  size: z.number(),
  mtimeMs: z.number(),
  sample: z.string(),
});
export type FileFingerprint = z.infer<typeof fingerprintSchema>;

export const sendStateSchema = z.object({
  v: z.literal(1),
  server: z.string(),
  files: z.array(fingerprintSchema),
  encrypt: z.boolean(),
  /**
   * `key=…&iv=…` (base64url), what the parts are sealed with; null for a plain send, and for a
   * passphrase link, whose key is only in `link`, wrapped (core's stateFragment).
   */
  fragment: z.string().nullable(),
  /** The share link with its fragment (the passphrase-wrapped one when a passphrase was set). */
  link: z.string(),
  objectKey: z.string(),
  slug: z.string(),
  uploadId: z.string(),
  partSize: z.number().int().positive(),
  partCount: z.number().int().positive(),
  concurrency: z.number().int().positive(),
  expiresAt: z.string(),
  parts: z.array(z.object({ partNumber: z.number().int(), etag: z.string() })),
});
export type SendState = z.infer<typeof sendStateSchema>;

/** Size, mtime and SHA-256 of the first and last MiB of each file. */
export async function fingerprint(files: readonly LocalFile[]): Promise<FileFingerprint[]> {
  return Promise.all(
    files.map(async (file) => ({
      absolutePath: file.absolutePath,
      path: file.path,
      size: file.size,
      mtimeMs: file.mtimeMs,
      sample: await sampleHash(file),
    })),
  );
}

async function sampleHash(file: LocalFile): Promise<string> {
  const hash = createHash('sha256');
  const handle = await open(file.absolutePath, 'r');
  try {
    const ranges = [0, Math.max(0, file.size - SAMPLE)];
    for (const start of ranges) {
      const buffer = Buffer.alloc(Math.min(SAMPLE, file.size));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
      hash.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
  return hash.digest('base64url');
}

export function sameFiles(a: readonly FileFingerprint[], b: readonly FileFingerprint[]): boolean {
  return (
    a.length === b.length &&
    a.every((file, i) => {
      const other = b[i]!;
      return (
        file.absolutePath === other.absolutePath &&
        file.path === other.path &&
        file.size === other.size &&
        file.mtimeMs === other.mtimeMs &&
        file.sample === other.sample
      );
    })
  );
}

/** One state file per (server, list of files): the same command finds it again. */
export function sendStateStore(dir: string, server: string, files: readonly LocalFile[]) {
  const id = createHash('sha256')
    .update(JSON.stringify([server, files.map((file) => file.absolutePath)]))
    .digest('hex')
    .slice(0, 32);
  const path = join(dir, 'sends', `${id}.json`);
  // Saves are chained so a slow write never lands after a newer one.
  let queue: Promise<void> = Promise.resolve();
  return {
    path,
    async load(): Promise<SendState | null> {
      const parsed = sendStateSchema.safeParse(await readJson(path));
      return parsed.success ? parsed.data : null;
    },
    save(state: SendState): Promise<void> {
      const snapshot = structuredClone(state);
      queue = queue.then(() => writeSecretJson(path, snapshot));
      return queue;
    },
    async remove(): Promise<void> {
      await queue.catch(() => {});
      await removeFile(path);
    },
  };
}

export type SendStateStore = ReturnType<typeof sendStateStore>;
