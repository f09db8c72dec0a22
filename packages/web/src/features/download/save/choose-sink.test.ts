import { describe, expect, it } from 'vitest';
import { SinkUnavailableError, TOO_LARGE_FOR_BROWSER_MESSAGE } from '../lib/download-errors';
import { chooseSinks, MAX_BLOB_SAVE_BYTES, openFirstSink } from './choose-sink';
import type { PageSinkKind, SaveCapabilities, SaveEnvironment } from './sink-types';

const all: SaveCapabilities = {
  serviceWorker: true,
  fileSystemAccess: true,
  staging: false,
  keepsFailedStreams: false,
};
const none: SaveCapabilities = {
  serviceWorker: false,
  fileSystemAccess: false,
  staging: false,
  keepsFailedStreams: false,
};

function environment(
  capabilities: SaveCapabilities,
  failing: Partial<Record<PageSinkKind, Error>> = {},
) {
  const tried: PageSinkKind[] = [];
  const env: SaveEnvironment = {
    capabilities: () => capabilities,
    async open(kind) {
      tried.push(kind);
      const failure = failing[kind];
      if (failure) throw failure;
      return { kind, writable: new WritableStream() };
    },
    downloadInWorker: async () => {},
  };
  return { env, tried };
}

describe('chooseSinks', () => {
  it('prefers the Service Worker stream, then File System Access, then a Blob', () => {
    expect(chooseSinks(all, 1000)).toEqual(['service-worker', 'file-system', 'blob']);
  });

  it('uses the Service Worker stream for any size, the Blob only for small files', () => {
    expect(chooseSinks({ ...none, serviceWorker: true }, 1000)).toEqual(['service-worker', 'blob']);
    expect(chooseSinks({ ...none, serviceWorker: true }, 100 * MAX_BLOB_SAVE_BYTES)).toEqual([
      'service-worker',
    ]);
  });

  it('offers File System Access where service workers are missing', () => {
    expect(chooseSinks({ ...none, fileSystemAccess: true }, 5 * MAX_BLOB_SAVE_BYTES)).toEqual([
      'file-system',
    ]);
  });

  it('verifies before the browser sees a download where failed streams leave files behind', () => {
    const firefox = { ...all, fileSystemAccess: false, staging: true, keepsFailedStreams: true };
    expect(chooseSinks(firefox, 1000)).toEqual(['staged', 'blob', 'service-worker']);
    // Too large for memory: staged, or streamed as the last resort.
    expect(chooseSinks(firefox, 2 * MAX_BLOB_SAVE_BYTES)).toEqual(['staged', 'service-worker']);
    expect(chooseSinks({ ...firefox, staging: false }, 1000)).toEqual(['blob', 'service-worker']);
  });

  it('tries a preferred method first only where it could be used', () => {
    expect(chooseSinks({ ...all, preferred: 'blob' }, 1000)).toEqual([
      'blob',
      'service-worker',
      'file-system',
    ]);
    expect(chooseSinks({ ...all, preferred: 'blob' }, 2 * MAX_BLOB_SAVE_BYTES)).toEqual([
      'service-worker',
      'file-system',
    ]);
    expect(chooseSinks({ ...all, preferred: 'staged' }, 1000)).toEqual([
      'service-worker',
      'file-system',
      'blob',
    ]);
  });

  it('keeps the Blob for files up to the limit only', () => {
    expect(chooseSinks(none, MAX_BLOB_SAVE_BYTES)).toEqual(['blob']);
    expect(chooseSinks(none, MAX_BLOB_SAVE_BYTES + 1)).toEqual([]);
  });
});

describe('openFirstSink', () => {
  it('opens only the methods where the page decrypts, falling through when one fails', async () => {
    const { env, tried } = environment(all, { 'file-system': new SinkUnavailableError('no') });
    const sink = await openFirstSink(env, { name: 'a.txt', size: 10 });
    expect(sink.kind).toBe('blob');
    expect(tried).toEqual(['file-system', 'blob']);
  });

  it('stops when the person dismisses the save picker', async () => {
    const dismissed = new DOMException('The user aborted a request.', 'AbortError');
    const { env, tried } = environment(
      { ...none, fileSystemAccess: true },
      { 'file-system': dismissed },
    );
    await expect(openFirstSink(env, { name: 'a.txt', size: 10 })).rejects.toBe(dismissed);
    expect(tried).toEqual(['file-system']);
  });

  it('refuses a large file with a clear message when only a Blob would be left', async () => {
    const { env } = environment(all, { 'file-system': new TypeError('headless') });
    await expect(
      openFirstSink(env, { name: 'big.iso', size: MAX_BLOB_SAVE_BYTES + 1 }),
    ).rejects.toThrow(TOO_LARGE_FOR_BROWSER_MESSAGE);
  });

  it('leaves the Service Worker to the caller when it comes after the page-side methods', async () => {
    const firefox = { ...none, serviceWorker: true, staging: true, keepsFailedStreams: true };
    const { env, tried } = environment(firefox, {
      staged: new SinkUnavailableError('does not fit'),
    });
    await expect(
      openFirstSink(env, { name: 'big.iso', size: MAX_BLOB_SAVE_BYTES + 1 }),
    ).rejects.toBeInstanceOf(SinkUnavailableError);
    expect(tried).toEqual(['staged']);
  });
});
