import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { Writable } from 'node:stream';
import { storageErrors } from './storage.errors';
import { assertValidStorageKey } from './storage.keys';

const UPLOAD_ID_PATTERN = /^[a-f0-9]{32}$/;

const MISSING_CODES = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/** File-system errors that mean "no such object" rather than a failing disk. */
export function isMissing(error: unknown): boolean {
  return MISSING_CODES.has((error as NodeJS.ErrnoException).code ?? '');
}

const NO_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** A full disk (or quota) becomes the clear 507; anything else is rethrown as it is. */
export function asDiskFullError(error: unknown): unknown {
  return NO_SPACE_CODES.has((error as NodeJS.ErrnoException).code ?? '')
    ? storageErrors.noSpace()
    : error;
}

/** Opens a file for writing; the driver takes it as a dependency so tests can fill the disk. */
export type OpenWrite = (path: string) => Writable;

export const openNewFile: OpenWrite = (path) => createWriteStream(path, { flags: 'wx' });

/**
 * Where the local driver keeps things under its root. Complete objects, unfinished multipart
 * uploads and temp files live in separate trees on the same disk, so a rename is atomic and a
 * half-written file is never visible as an object.
 */
export function createLocalLayout(rootDir: string) {
  const root = resolve(rootDir);
  const objectsDir = join(root, 'objects');
  const uploadsDir = join(root, 'multipart');
  const tempDir = join(root, 'tmp');

  /** The pattern already rules out traversal; the prefix check keeps that true if it ever changes. */
  const inside = (base: string, relative: string) => {
    const full = resolve(base, relative);
    if (!full.startsWith(base + sep)) throw storageErrors.invalidKey();
    return full;
  };

  return {
    root,
    objectsDir,
    uploadsDir,
    tempDir,

    objectPath(key: string): string {
      assertValidStorageKey(key);
      return inside(objectsDir, key);
    },

    uploadDir(uploadId: string): string {
      if (!UPLOAD_ID_PATTERN.test(uploadId)) throw storageErrors.uploadNotFound();
      return inside(uploadsDir, uploadId);
    },

    newUploadId(): string {
      return randomBytes(16).toString('hex');
    },

    newTempPath(): string {
      return join(tempDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
    },
  };
}

export type LocalLayout = ReturnType<typeof createLocalLayout>;
