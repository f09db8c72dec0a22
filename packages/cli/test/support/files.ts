/** Test files with content that cannot compress or repeat, written a MiB at a time. */
import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';

export async function writeRandomFile(path: string, size: number): Promise<void> {
  const handle = await open(path, 'w');
  try {
    const block = randomBytes(1024 * 1024);
    for (let at = 0; at < size; at += block.length) {
      // A fresh first 32 bytes per MiB: no two MiB of the file are alike.
      randomBytes(32).copy(block);
      await handle.write(block, 0, Math.min(block.length, size - at), at);
    }
  } finally {
    await handle.close();
  }
}
