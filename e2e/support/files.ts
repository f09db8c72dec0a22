import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A file of random bytes on disk (Playwright hands paths to file inputs). */
export function randomFile(name: string, size: number): { path: string; sha256: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sealdrop-e2e-file-'));
  const path = join(dir, name);
  const bytes = randomBytes(size);
  writeFileSync(path, bytes);
  return { path, sha256: sha256(bytes) };
}

export function fileSha256(path: string): string {
  return sha256(readFileSync(path));
}
