/**
 * Which save method to use. Order, from measurements (docs/downloads.md) and reach:
 * 1. Service Worker: the worker fetches and decrypts, the browser's own download path pulls it
 *    (no prompt, any size, memory bounded; figures in docs/downloads.md).
 * 2. File System Access: 250–335 MiB/s with 8–32 MiB writes, but Chromium-only, needs a picker, and
 *    rejects in headless mode; used when the Service Worker path is missing or fails.
 * 3. Blob: holds the whole file in memory, so only up to MAX_BLOB_SAVE_BYTES.
 * Where a failed stream leaves files behind (Firefox), nothing may reach the download manager
 * before it is verified: the page stages the file in the origin-private file system ('staged')
 * or, for small files, in memory ('blob'), and the Service Worker stream is only the last resort
 * for a file that fits neither.
 * A method that fails to open falls through to the next; a dismissed picker stops everything.
 */
import { MiB } from '@sealdrop/core/limits';
import {
  DownloadError,
  isUserAbort,
  SinkUnavailableError,
  TOO_LARGE_FOR_BROWSER_MESSAGE,
} from '../lib/download-errors';
import type {
  PageSinkKind,
  SaveCapabilities,
  SaveEnvironment,
  SaveSink,
  SaveTarget,
  SinkKind,
} from './sink-types';

/** Largest file saved through an in-memory Blob: a page holding more risks being killed. */
export const MAX_BLOB_SAVE_BYTES = 256 * MiB;

export function chooseSinks(capabilities: SaveCapabilities, size: number): SinkKind[] {
  const kinds = defaultOrder(capabilities, size);
  const { preferred } = capabilities;
  if (!preferred || !kinds.includes(preferred)) return kinds;
  return [preferred, ...kinds.filter((kind) => kind !== preferred)];
}

function defaultOrder(capabilities: SaveCapabilities, size: number): SinkKind[] {
  const kinds: SinkKind[] = [];
  const fitsBlob = size <= MAX_BLOB_SAVE_BYTES;
  if (capabilities.keepsFailedStreams) {
    if (capabilities.staging) kinds.push('staged');
    if (fitsBlob) kinds.push('blob');
    if (capabilities.serviceWorker) kinds.push('service-worker');
    if (capabilities.fileSystemAccess) kinds.push('file-system');
    return kinds;
  }
  if (capabilities.serviceWorker) kinds.push('service-worker');
  if (capabilities.fileSystemAccess) kinds.push('file-system');
  if (fitsBlob) kinds.push('blob');
  return kinds;
}

/**
 * Opens the first page-side method that works, in chooseSinks order. Where none opens and the
 * Service Worker is still to be tried, rejects with SinkUnavailableError so the caller tries it.
 */
export async function openFirstSink(
  environment: SaveEnvironment,
  target: SaveTarget,
): Promise<SaveSink> {
  const all = chooseSinks(environment.capabilities(), target.size);
  const kinds = all.filter((kind): kind is PageSinkKind => kind !== 'service-worker');
  for (const kind of kinds) {
    try {
      return await environment.open(kind, target);
    } catch (error) {
      if (isUserAbort(error) || error instanceof DownloadError) throw error;
      // Any other failure (no registration in private mode, picker refused, …): try the next one.
    }
  }
  if (all.includes('service-worker') && all[0] !== 'service-worker') {
    throw new SinkUnavailableError('No page-side way to save the file');
  }
  if (target.size > MAX_BLOB_SAVE_BYTES) throw new DownloadError(TOO_LARGE_FOR_BROWSER_MESSAGE);
  throw new SinkUnavailableError('No way to save the file in this browser');
}
