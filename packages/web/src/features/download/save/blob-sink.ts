/** Last resort: the whole file in a Blob, then an ordinary link click. Small files only. */
import { MiB } from '@sealdrop/core/limits';
import { createBatchedWritable } from '../lib/batched-writable';
import type { SaveSink, SaveTarget } from './sink-types';

/** Hands a finished Blob to the browser as a download named `name`. */
export type SaveBlob = (blob: Blob, name: string) => Promise<void>;

/** Batches become Blob parts, which browsers may keep outside the JS heap (Chromium spills to disk). */
const BLOB_PART_BYTES = 8 * MiB;
/** Long enough for the browser to start reading the object URL before it is revoked. */
const REVOKE_AFTER_MS = 60_000;

export const clickToSaveBlob: SaveBlob = async (blob, name) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
};

export function openBlobSink(target: SaveTarget, saveBlob: SaveBlob = clickToSaveBlob): SaveSink {
  let parts: Blob[] = [];
  const writable = createBatchedWritable(
    {
      async write(batch) {
        parts.push(new Blob([batch]));
      },
      async close() {
        const blob = new Blob(parts, { type: 'application/octet-stream' });
        parts = [];
        await saveBlob(blob, target.name);
      },
      async abort() {
        // Nothing reaches the disk: the decrypted bytes are simply dropped.
        parts = [];
      },
    },
    BLOB_PART_BYTES,
  );
  return { kind: 'blob', writable };
}
