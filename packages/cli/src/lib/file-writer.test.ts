import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesOnDisk, createFileWriter } from './file-writer';

const dir = mkdtempSync(join(tmpdir(), 'sealdrop-file-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createFileWriter', () => {
  it('cuts one stream into its files, empty ones included, named only when complete', async () => {
    const targets = [
      { path: join(dir, 'a'), size: 3 },
      { path: join(dir, 'sub', 'empty'), size: 0 },
      { path: join(dir, 'sub', 'b'), size: 4 },
      { path: join(dir, 'z'), size: 0 },
    ];
    const writer = createFileWriter(targets);
    await writer.write(Buffer.from('ab'));
    await writer.write(Buffer.from('cdef'));
    expect(existsSync(join(dir, 'a'))).toBe(false);
    expect(existsSync(join(dir, 'a.part'))).toBe(true);
    await writer.write(Buffer.from('g'));
    await writer.finish();
    expect(readFileSync(join(dir, 'a'), 'utf8')).toBe('abc');
    expect(readFileSync(join(dir, 'sub', 'empty'), 'utf8')).toBe('');
    expect(readFileSync(join(dir, 'sub', 'b'), 'utf8')).toBe('defg');
    expect(readFileSync(join(dir, 'z'), 'utf8')).toBe('');
    expect(existsSync(join(dir, 'a.part'))).toBe(false);
  });

  it('refuses bytes beyond the last file and a stream that ends early, keeping nothing', async () => {
    const long = createFileWriter([{ path: join(dir, 'long'), size: 2 }]);
    await expect(long.write(Buffer.from('abc'))).rejects.toThrow('more bytes');
    await long.discard();
    expect(existsSync(join(dir, 'long.part'))).toBe(false);

    const short = createFileWriter([{ path: join(dir, 'short'), size: 5 }]);
    await short.write(Buffer.from('ab'));
    await expect(short.finish()).rejects.toThrow('ended before');
    await short.discard();
    expect(existsSync(join(dir, 'short'))).toBe(false);
    expect(existsSync(join(dir, 'short.part'))).toBe(false);
  });

  it('goes on from an interrupted run: earlier files kept, the current one cut back', async () => {
    const targets = [
      { path: join(dir, 'r1'), size: 4 },
      { path: join(dir, 'r-empty'), size: 0 },
      { path: join(dir, 'r2'), size: 6 },
    ];
    const first = createFileWriter(targets);
    await first.write(Buffer.from('abcdXYZ'));
    await first.close();
    expect(await bytesOnDisk(targets)).toBe(7);
    // The next run goes on at byte 5 (its last whole record, say): "Y" and on are written again.
    const second = createFileWriter(targets, 5);
    await second.write(Buffer.from('yzuvw'));
    await second.finish();
    expect(readFileSync(join(dir, 'r1'), 'utf8')).toBe('abcd');
    expect(readFileSync(join(dir, 'r-empty'), 'utf8')).toBe('');
    expect(readFileSync(join(dir, 'r2'), 'utf8')).toBe('Xyzuvw');
    expect(await bytesOnDisk(targets)).toBe(0);
  });
});
