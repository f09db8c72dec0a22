import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesOnDisk, createFileWriter } from './file-writer';
import { partOwner, readPartState } from './part-sidecar';

const dir = mkdtempSync(join(tmpdir(), 'sealdrop-file-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const owner = partOwner('File123456', new Uint8Array(32).fill(7));
const target = (name: string, size: number, of = owner) => ({
  path: join(dir, name),
  size,
  owner: of,
});

describe('createFileWriter', () => {
  it('cuts one stream into its files, empty ones included, named only when complete', async () => {
    const targets = [
      target('a', 3),
      target(join('sub', 'empty'), 0),
      target(join('sub', 'b'), 4),
      target('z', 0),
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
    const long = createFileWriter([target('long', 2)]);
    await expect(long.write(Buffer.from('abc'))).rejects.toThrow('more bytes');
    await long.discard();
    expect(existsSync(join(dir, 'long.part'))).toBe(false);

    const short = createFileWriter([target('short', 5)]);
    await short.write(Buffer.from('ab'));
    await expect(short.finish()).rejects.toThrow('ended before');
    await short.discard();
    expect(existsSync(join(dir, 'short'))).toBe(false);
    expect(existsSync(join(dir, 'short.part'))).toBe(false);
  });

  it('goes on from an interrupted run: earlier files kept, the current one cut back', async () => {
    const targets = [target('r1', 4), target('r-empty', 0), target('r2', 6)];
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

  it('never takes up a .part it did not write for this very link', async () => {
    // Another tool's partial download: no sidecar.
    writeFileSync(join(dir, 'foreign.part'), 'not ours');
    expect(await readPartState(target('foreign', 20))).toEqual({ kind: 'foreign' });
    expect(await bytesOnDisk([target('foreign', 20)])).toBe(0);

    // This CLI's own, interrupted download of another link (or with another key).
    const first = createFileWriter([target('other', 20)]);
    await first.write(Buffer.from('0123456789'));
    await first.close();
    expect(await bytesOnDisk([target('other', 20)])).toBe(10);
    const otherKey = partOwner('File123456', new Uint8Array(32).fill(8));
    const otherFile = partOwner('File654321', new Uint8Array(32).fill(7));
    for (const stranger of [otherKey, otherFile]) {
      expect(await readPartState(target('other', 20, stranger))).toEqual({ kind: 'foreign' });
      expect(await bytesOnDisk([target('other', 20, stranger)])).toBe(0);
    }
  });

  it('stops trusting verified bytes once something else rewrote them', async () => {
    const writer = createFileWriter([target('changed', 20)]);
    await writer.write(Buffer.from('0123456789'));
    await writer.close();
    expect(await readPartState(target('changed', 20))).toEqual({ kind: 'ours', verified: 10 });
    writeFileSync(join(dir, 'changed.part'), '0123456780');
    expect(await readPartState(target('changed', 20))).toEqual({ kind: 'foreign' });
    writeFileSync(join(dir, 'changed.part'), '01234');
    expect(await readPartState(target('changed', 20))).toEqual({ kind: 'foreign' });
  });

  it('keeps no sidecar beside a finished or discarded download, and none holds the key', async () => {
    const key = new Uint8Array(32).fill(9);
    const ownerOfKey = partOwner('File123456', key);
    const writer = createFileWriter([target('kept', 3, ownerOfKey)]);
    await writer.write(Buffer.from('ab'));
    await writer.close();
    const sidecar = readFileSync(join(dir, 'kept.part.sealdrop'), 'utf8');
    expect(sidecar).not.toContain(Buffer.from(key).toString('base64url'));
    expect(sidecar).not.toContain(Buffer.from(key).toString('hex'));
    const again = createFileWriter([target('kept', 3, ownerOfKey)], 2);
    await again.write(Buffer.from('c'));
    await again.finish();
    expect(readFileSync(join(dir, 'kept'), 'utf8')).toBe('abc');
    expect(existsSync(join(dir, 'kept.part.sealdrop'))).toBe(false);

    const failed = createFileWriter([target('failed', 3)]);
    await failed.write(Buffer.from('ab'));
    await failed.discard();
    expect(existsSync(join(dir, 'failed.part.sealdrop'))).toBe(false);
  });
});
