import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

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

/** A folder of random files at the given relative paths; answers its path and each file's hash. */
export function randomFolder(
  name: string,
  files: Record<string, number>,
): { path: string; sha256: Map<string, string> } {
  const root = join(mkdtempSync(join(tmpdir(), 'sealdrop-e2e-folder-')), name);
  const hashes = new Map<string, string>();
  for (const [relative, size] of Object.entries(files)) {
    const path = join(root, relative);
    mkdirSync(dirname(path), { recursive: true });
    const bytes = randomBytes(size);
    writeFileSync(path, bytes);
    hashes.set(`${name}/${relative}`, sha256(bytes));
  }
  return { path: root, sha256: hashes };
}
