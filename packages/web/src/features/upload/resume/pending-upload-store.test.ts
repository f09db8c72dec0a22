import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PendingUpload } from './pending-upload';
import { createPendingUploadStore } from './pending-upload-store';

let dbCount = 0;
/** A store on a database of its own, with a settable clock. */
function freshStore(start = 1_000) {
  const clock = { now: start };
  const store = createPendingUploadStore({
    now: () => clock.now,
    dbName: `resume-test-${++dbCount}`,
  });
  return { store, clock };
}

function pending(fileId: string, overrides: Partial<PendingUpload> = {}): PendingUpload {
  return {
    fileId,
    objectKey: `objects/${fileId}`,
    uploadId: `up-${fileId}`,
    shortCode: fileId,
    completeToken: null,
    link: `https://sealdrop.test/s/${fileId}#key=k&iv=i`,
    fragment: 'key=k&iv=i',
    file: { name: 'big.bin', size: 30, lastModified: 5, type: '' },
    contentType: 'application/octet-stream',
    partSize: 10,
    partCount: 3,
    concurrency: 4,
    expiresAt: 10_000,
    savedAt: 1_000,
    parts: [],
    ...overrides,
  };
}

describe('pending upload store (IndexedDB)', () => {
  it('keeps an upload with the ETag of every part, even when parts finish at the same time', async () => {
    const { store } = freshStore();
    await store.save(pending('A'));
    await Promise.all([
      store.addPart('A', { partNumber: 3, etag: '"c"' }),
      store.addPart('A', { partNumber: 1, etag: '"a"' }),
      store.addPart('A', { partNumber: 2, etag: '"b"' }),
    ]);
    const [found] = await store.list();
    expect(found?.parts).toEqual([
      { partNumber: 1, etag: '"a"' },
      { partNumber: 2, etag: '"b"' },
      { partNumber: 3, etag: '"c"' },
    ]);
    expect(found?.fragment).toBe('key=k&iv=i');
  });

  it('survives a new store object on the same database (a page reload)', async () => {
    const dbName = `resume-test-reload-${++dbCount}`;
    const before = createPendingUploadStore({ now: () => 0, dbName });
    await before.save(pending('A'));
    await before.addPart('A', { partNumber: 2, etag: '"b"' });
    const after = createPendingUploadStore({ now: () => 0, dbName });
    expect((await after.list()).map((u) => [u.fileId, u.parts])).toEqual([
      ['A', [{ partNumber: 2, etag: '"b"' }]],
    ]);
  });

  it('replaces the ETag of a part sent twice and ignores parts of unknown uploads', async () => {
    const { store } = freshStore();
    await store.save(pending('A'));
    await store.addPart('A', { partNumber: 1, etag: '"old"' });
    await store.addPart('A', { partNumber: 1, etag: '"new"' });
    await store.addPart('gone', { partNumber: 1, etag: '"x"' });
    const all = await store.list();
    expect(all.map((u) => u.fileId)).toEqual(['A']);
    expect(all[0]?.parts).toEqual([{ partNumber: 1, etag: '"new"' }]);
  });

  it('lists the newest first and forgets removed uploads', async () => {
    const { store } = freshStore();
    await store.save(pending('old', { savedAt: 1 }));
    await store.save(pending('new', { savedAt: 2 }));
    expect((await store.list()).map((u) => u.fileId)).toEqual(['new', 'old']);
    await store.remove('new');
    expect((await store.list()).map((u) => u.fileId)).toEqual(['old']);
  });

  it('drops uploads past their expiry and entries it cannot read', async () => {
    const { store, clock } = freshStore();
    await store.save(pending('soon', { expiresAt: 2_000 }));
    await store.save(pending('later', { expiresAt: 9_000 }));
    await store.save({ fileId: 'junk', parts: 'nope' } as unknown as PendingUpload);
    clock.now = 2_000;
    expect((await store.list()).map((u) => u.fileId)).toEqual(['later']);
    // Deleted, not only hidden: an earlier clock does not bring them back.
    clock.now = 0;
    expect((await store.list()).map((u) => u.fileId)).toEqual(['later']);
  });
});
