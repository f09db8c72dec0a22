import { describe, expect, it } from 'vitest';
import { bundleEntries, bundleFiles } from '../lib/file-bundle';
import type { MultipartStart } from '../transfer/upload-file';
import { isPendingUpload, isSameFile, rebuildBundle, toPendingUpload } from './pending-upload';

const START: MultipartStart = {
  fileId: 'AbCdEfGh1234',
  objectKey: 'files/AbCdEfGh1234/x.enc',
  uploadId: 'u1',
  link: 'http://localhost/s/AbCdEfGh1234#key=k&iv=i',
  fragment: 'key=k&iv=i',
  linkFragment: null,
  contentType: 'application/octet-stream',
  partSize: 16,
  partCount: 2,
  concurrency: 2,
  expiresAt: Date.now() + 60_000,
};

const file = (name: string, text: string, lastModified: number) =>
  new File([text], name, { lastModified });

describe('resuming a link of several files', () => {
  const a = file('a.txt', 'alpha', 1000);
  const b = file('b.txt', 'bravo!', 2000);
  const picked = [
    { file: a, path: 'Trip/a.txt' },
    { file: b, path: 'Trip/sub/b.txt' },
  ];

  it('remembers the paths and sizes, and rebuilds the same bundle from the folder picked again', () => {
    const bundle = bundleFiles(picked)!;
    const pending = toPendingUpload(START, bundle, null, 0);
    expect(pending.entries).toEqual([
      { path: 'Trip/a.txt', size: 5 },
      { path: 'Trip/sub/b.txt', size: 6 },
    ]);
    expect(isPendingUpload(JSON.parse(JSON.stringify(pending)))).toBe(true);
    // The picker may list the files in another order; the stored order wins.
    const again = rebuildBundle(pending, [...picked].reverse())!;
    expect(isSameFile(pending.file, again)).toBe(true);
    expect(bundleEntries(again)?.map((entry) => entry.path)).toEqual([
      'Trip/a.txt',
      'Trip/sub/b.txt',
    ]);
  });

  it('refuses a folder that lacks a file or holds a different one', () => {
    const pending = toPendingUpload(START, bundleFiles(picked)!, null, 0);
    expect(rebuildBundle(pending, picked.slice(0, 1))).toBeNull();
    const changed = [picked[0]!, { file: file('b.txt', 'other', 2000), path: 'Trip/sub/b.txt' }];
    expect(rebuildBundle(pending, changed)).toBeNull();
  });
});
