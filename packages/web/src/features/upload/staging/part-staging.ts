/**
 * Encrypted parts staged on disk: a worker seals each part into a file of the origin-private file
 * system, and the page uploads that disk-backed File the way it uploads a picked file. Handing
 * Chromium a part as a Blob of freshly made bytes copies them through its blob store, which
 * measured 2–3× slower than the encryption itself and grew the browser's memory with every part
 * in flight (docs/uploads.md). Where the file system is not on disk (private windows keep it in
 * memory) or missing, or fails mid-way (quota), parts are sealed in memory as before.
 */

import { holdLock, removeUnheld } from '../../../lib/held-entries';
import { PrepareError } from '../lib/upload-errors';
import { type PartBodyInput, partBody } from '../transfer/part-body';
import { STAGING_ROOT, type StagingReply, type StagingRequest } from './staging-protocol';

export interface PartStaging {
  /** The sealed bytes of an encrypted part, ready to PUT. */
  prepare(input: PartBodyInput): Promise<Blob>;
  /** The part is stored: its staged file can go. */
  release(partNumber: number): void;
  /** Removes everything staged for this upload and stops the worker. */
  close(): Promise<void>;
}

/** A worker that has not answered its probe by then is treated as absent. */
const PROBE_TIMEOUT_MS = 5000;
const LOCK_PREFIX = `${STAGING_ROOT}:`;

type Pending = (reply: StagingReply) => void;
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = WithoutId<StagingRequest>;

function supported(): boolean {
  return (
    typeof Worker === 'function' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.storage?.getDirectory === 'function' &&
    typeof navigator.locks?.request === 'function'
  );
}

async function stagingRoot(): Promise<FileSystemDirectoryHandle> {
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(STAGING_ROOT, { create: true });
}

function startWorker() {
  const worker = new Worker(new URL('./staging.worker.ts', import.meta.url), { type: 'module' });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  const failAll = (message: string) => {
    for (const [id, answer] of pending) answer({ id, ok: false, sink: true, message });
    pending.clear();
  };
  worker.onmessage = (event: MessageEvent<StagingReply>) => {
    pending.get(event.data.id)?.(event.data);
    pending.delete(event.data.id);
  };
  worker.onerror = (event) => failAll(event.message || 'The staging worker failed');
  const call = (request: Request) =>
    new Promise<StagingReply>((answer) => {
      const id = nextId++;
      pending.set(id, answer);
      worker.postMessage({ ...request, id });
    });
  const stop = () => {
    worker.terminate();
    failAll('The staging worker stopped');
  };
  return { call, stop };
}

/** Staging for one upload, or null where it would not help (see the module comment). */
export async function openPartStaging(): Promise<PartStaging | null> {
  if (!supported()) return null;
  const dir = crypto.randomUUID();
  let releaseLock = () => {};
  let worker: ReturnType<typeof startWorker> | undefined;
  let parent: FileSystemDirectoryHandle | undefined;
  const releasing = new Set<Promise<void>>();
  const close = async () => {
    worker?.stop();
    // A part still being deleted would make the folder's recursive removal fail half-way.
    await Promise.allSettled(releasing);
    await parent?.removeEntry(dir, { recursive: true }).catch(() => {});
    releaseLock();
  };
  let folder: FileSystemDirectoryHandle;
  try {
    releaseLock = await holdLock(LOCK_PREFIX + dir);
    parent = await stagingRoot();
    folder = await parent.getDirectoryHandle(dir, { create: true });
    // Folders left by uploads that ended without cleaning up (a closed tab): no lock holds them.
    void removeUnheld(parent, LOCK_PREFIX, dir).catch(() => {});
    worker = startWorker();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<StagingReply>((answer) => {
      timer = setTimeout(
        () => answer({ id: 0, ok: false, sink: true, message: 'timeout' }),
        PROBE_TIMEOUT_MS,
      );
    });
    const probe = await Promise.race([worker.call({ type: 'probe', dir }), timeout]);
    clearTimeout(timer);
    if (!probe.ok || !('fast' in probe) || !probe.fast) {
      await close();
      return null;
    }
  } catch {
    await close();
    return null;
  }

  const call = worker.call;
  let failed = false;
  const name = (partNumber: number) => `part-${partNumber}`;
  return {
    async prepare(input) {
      const { cipher } = input;
      if (failed || !cipher) return partBody(input);
      const reply = await call({
        type: 'stage',
        dir,
        name: name(input.partNumber),
        file: input.file,
        key: cipher.key,
        iv: cipher.iv,
        partSize: input.partSize,
        partNumber: input.partNumber,
      });
      if ('file' in reply) return reply.file;
      if (reply.ok || reply.sink) {
        failed = true; // the disk let us down once: seal the rest in memory
        return partBody(input);
      }
      throw new PrepareError(new Error(reply.message));
    },
    release(partNumber) {
      const removal = folder
        .removeEntry(name(partNumber))
        .catch(() => {})
        .finally(() => releasing.delete(removal));
      releasing.add(removal);
    },
    close,
  };
}
