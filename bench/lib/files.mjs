// Big test files: random bytes written in 8 MiB chunks, hashed as they are written.
import { createHash, randomFillSync } from 'node:crypto';
import { closeSync, createReadStream, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './app.mjs';

/** Generated files and browser downloads go here (bench/.gitignore lists it). */
export const TMP_DIR = join(ROOT, 'bench/tmp');

const CHUNK = 8 * 1024 * 1024;

/** Writes `size` random bytes to `path`; returns their SHA-256 (hex). */
export function writeRandomFile(path, size) {
  mkdirSync(TMP_DIR, { recursive: true });
  const hash = createHash('sha256');
  const chunk = Buffer.alloc(CHUNK);
  const fd = openSync(path, 'w');
  try {
    for (let written = 0; written < size; written += CHUNK) {
      const bytes = chunk.subarray(0, Math.min(CHUNK, size - written));
      randomFillSync(bytes);
      hash.update(bytes);
      writeSync(fd, bytes);
    }
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

export async function sha256OfFile(path) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK })) hash.update(chunk);
  return hash.digest('hex');
}
