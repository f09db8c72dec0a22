import '../testing/blob-polyfill';
import { buildFragment } from '@sealdrop/core/crypto/fragment';
import { generateKeyMaterial } from '@sealdrop/core/crypto/key-material';
import { decryptBytes } from '@sealdrop/core/crypto/record-cipher';
import { RECORD_SIZE } from '@sealdrop/core/record-format';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../testing/mock-api';
import { TransferError } from '../lib/upload-errors';
import { partUrls } from '../testing/part-urls';
import { partBody } from '../transfer/part-body';
import type { PutBlobOptions } from '../transfer/put-blob';
import { factsOf, type PendingUpload } from './pending-upload';
import { resumeUpload } from './resume-upload';

const ORIGIN = 'https://sealdrop.test';
const fast = { attempts: 2, baseDelayMs: 1 };

function fileOf(size: number, name = 'big.bin', lastModified = 1_700_000_000_000): File {
  const bytes = Uint8Array.from({ length: size }, (_, i) => (i * 13 + 1) & 0xff);
  return new File([bytes], name, { lastModified });
}

async function storedUpload(file: File, encrypted: boolean) {
  const material = await generateKeyMaterial();
  const fragment = encrypted ? buildFragment(material) : null;
  const upload: PendingUpload = {
    fileId: 'Short12345',
    objectKey: 'objects/abc',
    uploadId: 'up-1',
    shortCode: 'Short12345',
    completeToken: null,
    link: `${ORIGIN}/s/Short12345${fragment ? `#${fragment}` : ''}`,
    fragment,
    file: factsOf(file),
    contentType: 'application/octet-stream',
    partSize: RECORD_SIZE,
    partCount: Math.ceil(file.size / RECORD_SIZE),
    concurrency: 2,
    expiresAt: Date.now() + 60_000,
    savedAt: Date.now(),
    parts: [{ partNumber: 1, etag: '"before-reload"' }],
  };
  return { upload, material };
}

const routes = {
  'POST /upload/parts': partUrls,
  'POST /upload/finalize': () =>
    ok({
      fileId: 'Short12345',
      storageKey: 'objects/abc',
      downloadUrl: `${ORIGIN}/s/Short12345`,
    }),
  'POST /upload/abort': () => ok({}),
};

describe('resumeUpload', () => {
  it('sends only the missing parts, encrypted with the stored key, and finalizes with every ETag', async () => {
    const file = fileOf(3 * RECORD_SIZE + 10);
    const { upload, material } = await storedUpload(file, true);
    const api = mockApi(routes);
    const bodies = new Map<number, Blob>();
    const done: number[] = [];
    const result = await resumeUpload({
      upload,
      file,
      origin: ORIGIN,
      retry: fast,
      onPartDone: (part) => done.push(part.partNumber),
      put: async (options: PutBlobOptions) => {
        const n = Number(options.url.split('/').at(-1));
        bodies.set(n, options.body);
        return { status: 200, etag: `"after-${n}"` };
      },
    });

    expect([...bodies.keys()].sort()).toEqual([2, 3, 4]);
    expect(done.sort()).toEqual([2, 3, 4]);
    expect(
      api
        .callsTo('POST /upload/parts')
        .flatMap((c) => (c.body as { partNumbers: number[] }).partNumbers)
        .sort(),
    ).toEqual([2, 3, 4]);
    expect(api.callsTo('POST /upload/finalize')[0]?.body).toEqual({
      objectKey: 'objects/abc',
      slug: 'Short12345',
      parts: [
        { partNumber: 1, etag: '"before-reload"' },
        { partNumber: 2, etag: '"after-2"' },
        { partNumber: 3, etag: '"after-3"' },
        { partNumber: 4, etag: '"after-4"' },
      ],
    });
    expect(result.shareUrl).toBe(upload.link);

    // Part 1 as the first page sent it, then the resumed parts: together, the file.
    const first = await partBody({
      file,
      partSize: RECORD_SIZE,
      partNumber: 1,
      partCount: 4,
      cipher: { key: material.key, iv: material.iv },
    });
    const joined = new Uint8Array(
      await new Blob([first, ...[2, 3, 4].map((n) => bodies.get(n)!)]).arrayBuffer(),
    );
    const plain = await decryptBytes(material.key, material.iv, joined);
    expect(plain).toEqual(new Uint8Array(await file.arrayBuffer()));
    // The key never goes to the server.
    const keyParam = new URLSearchParams(upload.fragment ?? '').get('key') ?? '';
    expect(JSON.stringify(api.calls)).not.toContain(keyParam);
  });

  it('ends a passphrase-protected upload with its protected link, never the bare key', async () => {
    const file = fileOf(2 * RECORD_SIZE);
    const { upload } = await storedUpload(file, true);
    const linkFragment = `wkey=${'A'.repeat(54)}&iv=oKGio6Slpqeoqaqr&salt=${'B'.repeat(22)}&kdf=pbkdf2-sha256-600000`;
    const protectedUpload = {
      ...upload,
      linkFragment,
      link: `${ORIGIN}/s/Short12345#${linkFragment}`,
    };
    mockApi(routes);
    const result = await resumeUpload({
      upload: protectedUpload,
      file,
      origin: ORIGIN,
      retry: fast,
      put: async () => ({ status: 200, etag: '"x"' }),
    });
    expect(result.shareUrl).toBe(protectedUpload.link);
    expect(result.shareUrl).not.toMatch(/[#&]key=/);
  });

  it.each([
    ['another name', fileOf(3 * RECORD_SIZE + 10, 'other.bin')],
    ['another size', fileOf(3 * RECORD_SIZE + 11)],
    ['another date', fileOf(3 * RECORD_SIZE + 10, 'big.bin', 5)],
  ])('refuses a file with %s before sending anything', async (_, other) => {
    const { upload } = await storedUpload(fileOf(3 * RECORD_SIZE + 10), false);
    const api = mockApi(routes);
    const put = vi.fn();
    await expect(resumeUpload({ upload, file: other, origin: ORIGIN, put })).rejects.toThrow(
      'That is a different file. Choose the same file (same name, size and date) to resume.',
    );
    expect(put).not.toHaveBeenCalled();
    expect(api.calls).toHaveLength(0);
  });

  it('aborts the upload on the server when the resumed transfer fails for good', async () => {
    const file = fileOf(2 * RECORD_SIZE);
    const { upload } = await storedUpload(file, false);
    const api = mockApi(routes);
    await expect(
      resumeUpload({
        upload,
        file,
        origin: ORIGIN,
        retry: fast,
        put: async () => {
          throw new TransferError('Upload failed: 403 Forbidden', 403, false);
        },
      }),
    ).rejects.toThrow('Upload failed: 403 Forbidden');
    await vi.waitFor(() =>
      expect(api.callsTo('POST /upload/abort')[0]?.body).toEqual({
        objectKey: 'objects/abc',
        uploadId: 'up-1',
      }),
    );
    expect(api.callsTo('POST /upload/finalize')).toHaveLength(0);
  });
});
