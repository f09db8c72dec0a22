/**
 * Staged, then saved whole: the page decrypts into a file of the origin-private file system (OPFS),
 * and only once the last record has verified does the browser get the finished file, through an
 * ordinary link click on it. A truncated or tampered download then never reaches the downloads
 * folder: the staged file is removed and nothing was ever handed over. Firefox needs this: when a
 * Service Worker's download stream errors, it keeps an empty file and an empty `.part` in the
 * downloads folder for good (docs/downloads.md). Costs the file's size twice on disk for a while,
 * so it is used only where the origin's quota holds the whole file.
 */
import { MiB } from '@sealdrop/core/limits';
import { holdLock, removeUnheld } from '../../../lib/held-entries';
import { createBatchedWritable } from '../lib/batched-writable';
import { SinkUnavailableError } from '../lib/download-errors';
import { clickToSaveBlob, type SaveBlob } from './blob-sink';
import type { SaveSink, SaveTarget } from './sink-types';

export const STAGED_DOWNLOADS_FOLDER = 'sealdrop-downloads';
const LOCK_PREFIX = `${STAGED_DOWNLOADS_FOLDER}:`;
/** Batched writes, as File System Access measured best with (file-system-sink.ts). */
export const STAGED_WRITE_BYTES = 8 * MiB;
/** Room left in the quota beyond the file, for the browser's own bookkeeping. */
const QUOTA_HEADROOM_BYTES = 64 * MiB;
/**
 * How long the staged file stays after the hand-over: the browser copies it into the downloads
 * folder from the link, and no page can see when that ends. At least a minute, longer for large
 * files (as if the copy ran at only 20 MiB/s); a page left earlier leaves it to the next
 * download's clean-up.
 */
export function keepStagedMs(size: number): number {
  return Math.max(60_000, Math.ceil(size / (20 * MiB)) * 1000);
}

export type StagingStorage = Pick<StorageManager, 'estimate' | 'getDirectory'>;

export function stagingStorage(): StagingStorage | undefined {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  return typeof storage?.getDirectory === 'function' &&
    typeof navigator.locks?.request === 'function'
    ? storage
    : undefined;
}

export async function openStagedSink(
  target: SaveTarget,
  options: { storage?: StagingStorage; saveBlob?: SaveBlob } = {},
): Promise<SaveSink> {
  const storage = options.storage ?? stagingStorage();
  if (!storage) throw new SinkUnavailableError('The origin-private file system is missing');
  const { quota = 0, usage = 0 } = await storage.estimate().catch(() => ({}) as StorageEstimate);
  if (quota - usage < target.size + QUOTA_HEADROOM_BYTES) {
    throw new SinkUnavailableError('The file does not fit in the origin-private file system');
  }
  const name = crypto.randomUUID();
  const release = await holdLock(LOCK_PREFIX + name);
  let folder: FileSystemDirectoryHandle;
  let handle: FileSystemFileHandle;
  let writer: WritableStreamDefaultWriter<Uint8Array>;
  try {
    folder = await (await storage.getDirectory()).getDirectoryHandle(STAGED_DOWNLOADS_FOLDER, {
      create: true,
    });
    // Staged files of pages that went before their clean-up: no lock holds them any more.
    await removeUnheld(folder, LOCK_PREFIX, name);
    handle = await folder.getFileHandle(name, { create: true });
    writer = (await handle.createWritable()).getWriter();
  } catch (error) {
    release();
    throw new SinkUnavailableError('The origin-private file system refused the file', {
      cause: error,
    });
  }
  const remove = () =>
    folder
      .removeEntry(name)
      .catch(() => {})
      .finally(release);
  const writable = createBatchedWritable(
    {
      write: (batch) => writer.write(batch),
      async close() {
        try {
          await writer.close();
          // Every record has verified: only now does the browser see a download.
          await (options.saveBlob ?? clickToSaveBlob)(await handle.getFile(), target.name);
        } catch (error) {
          await remove();
          throw error;
        }
        setTimeout(() => void remove(), keepStagedMs(target.size));
      },
      async abort(reason) {
        await writer.abort(reason).catch(() => {});
        await remove();
      },
    },
    STAGED_WRITE_BYTES,
  );
  return { kind: 'staged', writable };
}
