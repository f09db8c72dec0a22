/**
 * Unfinished multipart uploads in this browser's IndexedDB (a database of their own), keyed by
 * file id. IndexedDB is local to the browser: the key stored here is never sent to the server.
 * Every failure (no IndexedDB, private mode, quota) is swallowed: without the store an upload
 * simply cannot be resumed after a reload.
 */
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import type { CompletedPart } from '../api/upload-endpoints';
import { isPendingUpload, type PendingUpload, withPart } from './pending-upload';

export const RESUME_DB_NAME = 'sealdrop-resume';
export const RESUME_STORE_NAME = 'uploads';

export interface PendingUploadStore {
  save(upload: PendingUpload): Promise<void>;
  addPart(fileId: string, part: CompletedPart): Promise<void>;
  remove(fileId: string): Promise<void>;
  /** Unfinished, unexpired uploads, newest first; expired or unreadable entries are deleted. */
  list(): Promise<PendingUpload[]>;
}

export interface PendingUploadStoreOptions {
  now?: () => number;
  dbName?: string;
}

export function createPendingUploadStore(
  options: PendingUploadStoreOptions = {},
): PendingUploadStore {
  const now = options.now ?? Date.now;
  let store: UseStore | null = null;
  // Opened on first use: creating the store opens the database at once.
  const db = (): UseStore => {
    store ??= createStore(options.dbName ?? RESUME_DB_NAME, RESUME_STORE_NAME);
    return store;
  };
  const quietly = async <T>(what: string, action: () => Promise<T>, fallback: T): Promise<T> => {
    // No IndexedDB at all (old browser, some test environments): nothing to remember, no noise.
    if (typeof indexedDB === 'undefined') return fallback;
    try {
      return await action();
    } catch (error) {
      console.warn(`Resumable upload store: could not ${what}`, error);
      return fallback;
    }
  };
  // Parts finish in parallel: one read-modify-write at a time keeps every ETag.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(action: () => Promise<T>): Promise<T> => {
    const run = queue.then(action, action);
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    save: (upload) =>
      serial(() => quietly('save', () => set(upload.fileId, upload, db()), undefined)),

    addPart: (fileId, part) =>
      serial(() =>
        quietly(
          'record a part',
          async () => {
            const found = await get<unknown>(fileId, db());
            if (!isPendingUpload(found)) return;
            await set(fileId, { ...found, parts: withPart(found.parts, part) }, db());
          },
          undefined,
        ),
      ),

    remove: (fileId) => serial(() => quietly('remove', () => del(fileId, db()), undefined)),

    list: () =>
      serial(() =>
        quietly('read', async () => {
          const all = await entries<IDBValidKey, unknown>(db());
          const live: PendingUpload[] = [];
          for (const [key, value] of all) {
            if (isPendingUpload(value) && value.expiresAt > now()) live.push(value);
            else await del(key, db());
          }
          return live.sort((a, b) => b.savedAt - a.savedAt);
        }, []),
      ),
  };
}

/** The store the app uses (the database opens on first use). */
export const pendingUploads = createPendingUploadStore();
