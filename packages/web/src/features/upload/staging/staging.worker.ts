/**
 * The staging worker: seals parts into files of the origin-private file system (OPFS) with a
 * synchronous access handle (only dedicated workers have one), and answers the page with the
 * disk-backed File, which the browser uploads like any picked file. See docs/uploads.md.
 */
import { type PartSink, SinkError, stagePart } from './stage-part';
import { STAGING_ROOT, type StagingReply, type StagingRequest } from './staging-protocol';

interface SyncAccessHandle extends PartSink {
  close(): void;
}
type SyncFileHandle = FileSystemFileHandle & {
  createSyncAccessHandle(): Promise<SyncAccessHandle>;
};

const PROBE_BYTES = 4 * 1024 * 1024;
/**
 * Rewriting 4 MiB took 0.3–1.5 ms where OPFS is on disk and 36–75 ms where it is held in the
 * browser's memory (private windows), measured in Chromium 156. Above this, staging is slower
 * than sealing in memory, and grows the browser's memory anyway, so the page does not use it.
 */
const FAST_PROBE_MS = 8;

const folders = new Map<string, Promise<FileSystemDirectoryHandle>>();

/** The upload's folder, looked up once per upload rather than once per part. */
function folderOf(dir: string): Promise<FileSystemDirectoryHandle> {
  let folder = folders.get(dir);
  if (!folder) {
    folder = navigator.storage
      .getDirectory()
      .then((root) => root.getDirectoryHandle(STAGING_ROOT, { create: true }))
      .then((parts) => parts.getDirectoryHandle(dir, { create: true }));
    folder.catch(() => folders.delete(dir));
    folders.set(dir, folder);
  }
  return folder;
}

async function fileIn(dir: string, name: string): Promise<SyncFileHandle> {
  const folder = await folderOf(dir);
  return (await folder.getFileHandle(name, { create: true })) as SyncFileHandle;
}

async function probe(dir: string): Promise<boolean> {
  const file = await fileIn(dir, 'probe');
  const bytes = new Uint8Array(PROBE_BYTES);
  const handle = await file.createSyncAccessHandle();
  let fastest = Number.POSITIVE_INFINITY;
  try {
    for (let round = 0; round < 4; round++) {
      const started = performance.now();
      handle.write(bytes, { at: 0 });
      // The first write allocates the file; only rewrites show the storage's own pace.
      if (round > 0) fastest = Math.min(fastest, performance.now() - started);
    }
  } finally {
    handle.close();
  }
  await (await folderOf(dir)).removeEntry('probe');
  return fastest <= FAST_PROBE_MS;
}

/** Storage failures (quota, a removed folder, a locked file) become SinkErrors. */
async function storageStep<T>(step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    throw new SinkError(error);
  }
}

async function handle(request: StagingRequest): Promise<StagingReply> {
  const { id } = request;
  try {
    if (request.type === 'probe') return { id, ok: true, fast: await probe(request.dir) };
    const file = await storageStep(fileIn(request.dir, request.name));
    const sink = await storageStep(file.createSyncAccessHandle());
    try {
      await stagePart(request, sink);
    } finally {
      sink.close();
    }
    return { id, ok: true, file: await storageStep(file.getFile()) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { id, ok: false, sink: error instanceof SinkError, message };
  }
}

self.onmessage = (event: MessageEvent<StagingRequest>) => {
  void handle(event.data).then((reply) => self.postMessage(reply));
};
