// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SinkUnavailableError } from '../lib/download-errors';
import { openStagedSink, STAGED_DOWNLOADS_FOLDER, type StagingStorage } from './staged-sink';

/** An origin-private file system in memory: folder name → file name → bytes written so far. */
function fakeStorage(quota = 1 << 30) {
  const folders = new Map<string, Map<string, Uint8Array[]>>();
  const held = new Set<string>();
  vi.stubGlobal('navigator', {
    locks: {
      request: (name: string, callback: () => Promise<void>) => {
        held.add(name);
        return callback().finally(() => held.delete(name));
      },
      query: async () => ({ held: [...held].map((name) => ({ name })) }),
    },
  });
  const folder = (name: string) => {
    const files = folders.get(name) ?? new Map<string, Uint8Array[]>();
    folders.set(name, files);
    return {
      async getFileHandle(file: string) {
        files.set(file, files.get(file) ?? []);
        return {
          async createWritable() {
            return new WritableStream<Uint8Array>({
              write: (chunk) => void files.get(file)?.push(chunk),
            });
          },
          getFile: async () => new File((files.get(file) ?? []) as BlobPart[], file),
        };
      },
      async removeEntry(file: string) {
        files.delete(file);
      },
      async *keys() {
        yield* [...files.keys()];
      },
    };
  };
  const storage = {
    estimate: async () => ({ quota, usage: 0 }),
    getDirectory: async () => ({ getDirectoryHandle: async (name: string) => folder(name) }),
  } as unknown as StagingStorage;
  return { storage, staged: () => folders.get(STAGED_DOWNLOADS_FOLDER) ?? new Map() };
}

async function write(writable: WritableStream<Uint8Array>, chunks: Uint8Array[]) {
  const writer = writable.getWriter();
  for (const chunk of chunks) await writer.write(chunk);
  return writer;
}

describe('the staged sink', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('hands the browser the whole file only once it is closed, with every byte', async () => {
    const { storage, staged } = fakeStorage();
    const saved: { blob: Blob; name: string }[] = [];
    const sink = await openStagedSink(
      { name: 'film.mkv', size: 6 },
      { storage, saveBlob: async (blob, name) => void saved.push({ blob, name }) },
    );
    const writer = await write(sink.writable, [Uint8Array.of(1, 2, 3), Uint8Array.of(4, 5, 6)]);
    expect(saved).toHaveLength(0);
    await writer.close();
    expect(saved.map(({ name }) => name)).toEqual(['film.mkv']);
    expect([...new Uint8Array(await saved[0]!.blob.arrayBuffer())]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(staged().size).toBe(1); // kept a while, for the browser's copy
  });

  it('removes the staged file and hands nothing over when the download fails', async () => {
    const { storage, staged } = fakeStorage();
    const saveBlob = vi.fn(async () => {});
    const sink = await openStagedSink({ name: 'cut.bin', size: 6 }, { storage, saveBlob });
    const writer = await write(sink.writable, [Uint8Array.of(1, 2, 3)]);
    await writer.abort(new Error('The file is incomplete or has been tampered with'));
    expect(saveBlob).not.toHaveBeenCalled();
    expect(staged().size).toBe(0);
  });

  it('removes staged files no live page holds any more', async () => {
    const { storage, staged } = fakeStorage();
    const first = await openStagedSink({ name: 'a.bin', size: 1 }, { storage });
    const [firstName] = staged().keys();
    // The page that staged it went away: its lock is gone, its file is not.
    const { locks } = navigator as unknown as { locks: { query(): Promise<unknown> } };
    vi.spyOn(locks, 'query').mockResolvedValue({ held: [] });
    await openStagedSink({ name: 'b.bin', size: 1 }, { storage });
    expect(staged().has(firstName)).toBe(false);
    expect(staged().size).toBe(1);
    expect(first.kind).toBe('staged');
  });

  it('refuses a file the origin quota cannot hold, before staging anything', async () => {
    const { storage, staged } = fakeStorage(100 * 1024 * 1024);
    await expect(
      openStagedSink({ name: 'big.iso', size: 90 * 1024 * 1024 }, { storage }),
    ).rejects.toBeInstanceOf(SinkUnavailableError);
    expect(staged().size).toBe(0);
  });
});
