import { describe, expect, it } from 'vitest';
import { FILE_SYSTEM_WRITE_BYTES, openFileSystemSink } from './file-system-sink';

/** A picker whose file records each write's size and how the file ended. */
function fakePicker() {
  const file = { writes: [] as number[], ended: '', suggestedName: '' };
  const picker = async ({ suggestedName }: { suggestedName?: string }) => {
    file.suggestedName = suggestedName ?? '';
    return {
      createWritable: async () =>
        new WritableStream<Uint8Array>({
          write(chunk) {
            file.writes.push(chunk.length);
          },
          close() {
            file.ended = 'closed';
          },
          abort() {
            file.ended = 'aborted';
          },
        }),
    };
  };
  return { file, picker };
}

async function feed(writable: WritableStream<Uint8Array>, records: number, end: 'close' | 'abort') {
  const writer = writable.getWriter();
  for (let i = 0; i < records; i++) await writer.write(new Uint8Array(65536));
  await (end === 'close' ? writer.close() : writer.abort(new Error('tampered')));
}

describe('openFileSystemSink', () => {
  it('suggests the file name and writes 64 KiB records as 8 MiB batches', async () => {
    const { file, picker } = fakePicker();
    const sink = await openFileSystemSink({ name: 'movie.mkv', size: 0 }, picker);
    await feed(sink.writable, 300, 'close'); // 18.75 MiB
    expect(file.suggestedName).toBe('movie.mkv');
    expect(file.writes).toEqual([FILE_SYSTEM_WRITE_BYTES, FILE_SYSTEM_WRITE_BYTES, 44 * 65536]);
    expect(file.ended).toBe('closed');
  });

  it('aborts the file instead of closing it when the download fails', async () => {
    const { file, picker } = fakePicker();
    const sink = await openFileSystemSink({ name: 'a.bin', size: 0 }, picker);
    await feed(sink.writable, 10, 'abort');
    expect(file.ended).toBe('aborted');
  });

  it('passes on a dismissed picker as the AbortError it is', async () => {
    const dismissed = new DOMException('The user aborted a request.', 'AbortError');
    await expect(
      openFileSystemSink({ name: 'a.bin', size: 0 }, async () => {
        throw dismissed;
      }),
    ).rejects.toBe(dismissed);
  });
});
