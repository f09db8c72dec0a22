import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { concatFiles } from './local.concat';

const MiB = 1024 * 1024;

describe('concatFiles', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sealdrop-concat-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const files = async (contents: Buffer[]) =>
    Promise.all(
      contents.map(async (content, index) => {
        const path = join(dir, `part-${index}`);
        await writeFile(path, content);
        return path;
      }),
    );

  it('writes the files in order, byte for byte, across reads of the reused buffer', async () => {
    // Sizes around the 4 MiB buffer, and an empty file, catch a buffer overwritten before its write.
    const contents = [
      randomBytes(9 * MiB + 17),
      Buffer.alloc(0),
      randomBytes(4 * MiB),
      randomBytes(5),
    ];
    const out = join(dir, 'out');
    await concatFiles(await files(contents), createWriteStream(out, { flags: 'wx' }));
    expect((await readFile(out)).equals(Buffer.concat(contents))).toBe(true);
  });

  it('rejects with the write error and destroys the destination', async () => {
    const paths = await files([randomBytes(6 * MiB)]);
    let written = 0;
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        callback(written > 4 * MiB ? Object.assign(new Error('full'), { code: 'ENOSPC' }) : null);
      },
    });
    await expect(concatFiles(paths, destination)).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(destination.destroyed).toBe(true);
  });

  it('rejects when a file is missing, and destroys the destination', async () => {
    const destination = createWriteStream(join(dir, 'out'), { flags: 'wx' });
    await expect(concatFiles([join(dir, 'nothing-here')], destination)).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(destination.destroyed).toBe(true);
  });
});
