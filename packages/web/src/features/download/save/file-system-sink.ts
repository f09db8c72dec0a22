/**
 * File System Access: the person picks where to save, and decrypted bytes are written straight to
 * that file in large batches. Chromium writes into a swap file and only moves it over the target
 * on close, so an aborted (tampered, truncated) download never fills the file with partial data.
 */
import { MiB } from '@sealdrop/core/limits';
import { createBatchedWritable } from '../lib/batched-writable';
import type { SaveSink, SaveTarget } from './sink-types';

/** ≥ 8 MiB writes run at 250–335 MiB/s here, 64 KiB writes at ~45 MiB/s (TOOLCHAIN.md). */
export const FILE_SYSTEM_WRITE_BYTES = 8 * MiB;

/** The part of the File System Access API we use; not yet in TypeScript's DOM library. */
type ShowSaveFilePicker = (options: {
  suggestedName?: string;
}) => Promise<{ createWritable(): Promise<WritableStream<Uint8Array>> }>;

export function getShowSaveFilePicker(): ShowSaveFilePicker | undefined {
  const picker = (globalThis as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  return typeof picker === 'function' ? (picker.bind(globalThis) as ShowSaveFilePicker) : undefined;
}

export async function openFileSystemSink(
  target: SaveTarget,
  showSaveFilePicker = getShowSaveFilePicker(),
): Promise<SaveSink> {
  if (!showSaveFilePicker) throw new Error('File System Access is not available');
  // Rejects with AbortError when dismissed; the caller stops rather than trying another method.
  const handle = await showSaveFilePicker({ suggestedName: target.name });
  // One writer for the whole file: an abort then waits for the write in flight instead of
  // failing on a locked stream and leaving the file open.
  const writer = (await handle.createWritable()).getWriter();
  const writable = createBatchedWritable(
    {
      write: (batch) => writer.write(batch),
      close: () => writer.close(),
      abort: (reason) => writer.abort(reason),
    },
    FILE_SYSTEM_WRITE_BYTES,
  );
  return { kind: 'file-system', writable };
}
