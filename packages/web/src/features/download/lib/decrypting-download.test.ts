// @vitest-environment node
import { importKey } from '@sealdrop/core/crypto/key-material';
import { encryptBytes } from '@sealdrop/core/crypto/record-cipher';
import { describe, expect, it, vi } from 'vitest';
import { MAX_BLOB_SAVE_BYTES } from '../save/choose-sink';
import type { SaveEnvironment, WorkerDownloadJob } from '../save/sink-types';
import { runDecryptingDownload } from './decrypting-download';
import { SinkUnavailableError, TOO_LARGE_FOR_BROWSER_MESSAGE } from './download-errors';

const RAW_KEY = Uint8Array.from({ length: 32 }, (_, i) => i + 7);
const IV = Uint8Array.from({ length: 12 }, (_, i) => i);
const PLAINTEXT = Uint8Array.from({ length: 150_000 }, (_, i) => i & 0xff);

/** Service workers available; the worker method does `worker`; page sinks collect bytes. */
function environment(worker: (job: WorkerDownloadJob) => Promise<void>) {
  const written: Uint8Array[] = [];
  const jobs: WorkerDownloadJob[] = [];
  const env: SaveEnvironment = {
    capabilities: () => ({
      serviceWorker: true,
      fileSystemAccess: false,
      staging: false,
      keepsFailedStreams: false,
    }),
    async open(kind) {
      return { kind, writable: new WritableStream({ write: (c) => void written.push(c) }) };
    },
    downloadInWorker: (job) => {
      jobs.push(job);
      return worker(job);
    },
  };
  return { env, written, jobs };
}

async function serveCiphertext() {
  const sealed = await encryptBytes(await importKey(RAW_KEY), IV, PLAINTEXT);
  const fetchMock = vi.fn(async () => new Response(sealed));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const run = (env: SaveEnvironment, size = PLAINTEXT.length) =>
  runDecryptingDownload({
    fileId: 'AbCdEfGh1234',
    secrets: { rawKey: new Uint8Array(RAW_KEY), iv: new Uint8Array(IV) },
    objectSize: size,
    target: { name: 'a.bin', size },
    environment: env,
    signal: new AbortController().signal,
    onPercent: () => {},
    onDecrypting: () => {},
    onInterrupted: () => {},
    onResumed: () => {},
  });
describe('runDecryptingDownload', () => {
  it('hands the whole download to the Service Worker when there is one', async () => {
    const fetchMock = await serveCiphertext();
    const { env, jobs, written } = environment(async () => {});
    expect(await run(env)).toBe('service-worker');
    expect(jobs[0]).toMatchObject({ downloadPath: '/api/files/AbCdEfGh1234/download' });
    expect(jobs[0]!.key.extractable).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled(); // the page itself fetched nothing
    expect(written).toHaveLength(0);
  });

  it('decrypts in the page when the worker cannot start', async () => {
    await serveCiphertext();
    const { env, written } = environment(async () => {
      throw new SinkUnavailableError('The browser did not request the download');
    });
    expect(await run(env)).toBe('blob');
    expect(Buffer.concat(written).equals(PLAINTEXT)).toBe(true);
  });

  it("does not download a second time when the worker's download failed", async () => {
    const fetchMock = await serveCiphertext();
    const { env, written } = environment(async () => {
      throw new Error('The file is incomplete or has been tampered with');
    });
    await expect(run(env)).rejects.toThrow('incomplete');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(written).toHaveLength(0);
  });

  it('refuses a file above the Blob cap up front when only a Blob could save it', async () => {
    const fetchMock = await serveCiphertext();
    const { env } = environment(async () => {});
    env.capabilities = () => ({
      serviceWorker: false,
      fileSystemAccess: false,
      staging: false,
      keepsFailedStreams: false,
    });
    await expect(run(env, MAX_BLOB_SAVE_BYTES + 1)).rejects.toThrow(TOO_LARGE_FOR_BROWSER_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled(); // nothing downloaded, nothing held in memory
  });

  it('decrypts in the page into the staged file first where failed streams leave files behind', async () => {
    const fetchMock = await serveCiphertext();
    const { env, jobs, written } = environment(async () => {});
    env.capabilities = () => ({
      serviceWorker: true,
      fileSystemAccess: false,
      staging: true,
      keepsFailedStreams: true,
    });
    expect(await run(env)).toBe('staged');
    expect(jobs).toHaveLength(0); // nothing streamed through the worker
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(Buffer.concat(written).equals(PLAINTEXT)).toBe(true);
  });

  it('streams through the worker as the last resort when no page-side method takes the file', async () => {
    await serveCiphertext();
    const { env, jobs } = environment(async () => {});
    env.capabilities = () => ({
      serviceWorker: true,
      fileSystemAccess: false,
      staging: true,
      keepsFailedStreams: true,
    });
    env.open = async () => {
      throw new SinkUnavailableError('The file does not fit in the origin-private file system');
    };
    expect(await run(env, MAX_BLOB_SAVE_BYTES + 1)).toBe('service-worker');
    expect(jobs).toHaveLength(1);
  });

  it('does not ask the worker twice when it failed to start and no page-side method opens', async () => {
    await serveCiphertext();
    const { env, jobs } = environment(async () => {
      throw new SinkUnavailableError('The browser did not request the download');
    });
    env.open = async () => {
      throw new SinkUnavailableError('No registration');
    };
    await expect(run(env)).rejects.toBeInstanceOf(SinkUnavailableError);
    expect(jobs).toHaveLength(1);
  });
});
