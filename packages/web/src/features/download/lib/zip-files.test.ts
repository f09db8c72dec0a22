// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FileListMismatchError, zipFiles, zipSize } from './zip-files';

const ENTRIES = [
  { path: 'Trip/a.txt', size: 3 },
  { path: 'Trip/empty', size: 0 },
  { path: '../../escape.txt', size: 4 },
];

function plaintext(bytes: number[], chunk = 2) {
  const data = Uint8Array.from(bytes);
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= data.length) return controller.close();
      controller.enqueue(data.slice(at, at + chunk));
      at += chunk;
    },
  });
}

const read = (stream: ReadableStream<Uint8Array>) => new Response(stream).arrayBuffer();

describe('zipFiles', () => {
  it('cuts the plaintext into its files, whatever the chunks, to exactly the predicted size', async () => {
    const zip = new Uint8Array(await read(zipFiles(plaintext([1, 2, 3, 4, 5, 6, 7]), ENTRIES)));
    expect(zip.length).toBe(zipSize(ENTRIES));
    const text = new TextDecoder('latin1').decode(zip);
    expect(text).toContain('Trip/a.txt');
    expect(text).toContain('escape.txt');
    expect(text).not.toContain('../');
  });

  it('fails when the plaintext is shorter or longer than the file list says', async () => {
    await expect(read(zipFiles(plaintext([1, 2, 3, 4, 5, 6]), ENTRIES))).rejects.toBeInstanceOf(
      FileListMismatchError,
    );
    await expect(
      read(zipFiles(plaintext([1, 2, 3, 4, 5, 6, 7, 8]), ENTRIES)),
    ).rejects.toBeInstanceOf(FileListMismatchError);
  });
});
