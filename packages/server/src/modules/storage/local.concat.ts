import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

/** Large enough that a 16 MiB part takes four reads, small enough to cost nothing held. */
const COPY_BUFFER_BYTES = 4 * 1024 * 1024;

/**
 * Writes the files one after another into `destination` (which it ends), through one buffer
 * reused for every read. Completing a multipart upload copies every byte of the object once; read
 * streams did it with a fresh 64 KiB Buffer per chunk, garbage that held ~45 MiB more resident
 * memory and ran at about half this speed (docs/performance.md, "Completing a multipart upload").
 * On failure `destination` is destroyed and the error thrown.
 */
export async function concatFiles(paths: readonly string[], destination: Writable): Promise<void> {
  const buffer = Buffer.allocUnsafe(COPY_BUFFER_BYTES);
  const done = finished(destination);
  // Observed below; a write error also rejects it before anyone awaits it.
  done.catch(() => {});
  try {
    for (const path of paths) {
      const source = await open(path, 'r');
      try {
        for (;;) {
          const { bytesRead } = await source.read(buffer, 0, buffer.length, null);
          if (bytesRead === 0) break;
          // The buffer is reused, so the next read waits until this chunk is written.
          await new Promise<void>((resolve, reject) => {
            destination.write(buffer.subarray(0, bytesRead), (error) =>
              error ? reject(error) : resolve(),
            );
          });
        }
      } finally {
        await source.close();
      }
    }
    destination.end();
    await done;
  } catch (error) {
    destination.destroy();
    throw error;
  }
}
