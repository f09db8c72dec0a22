import '../testing/blob-polyfill';
import { parseFragment } from '@sealdrop/core/crypto/fragment';
import { openMetadata } from '@sealdrop/core/crypto/metadata-record';
import { RECORD_SIZE } from '@sealdrop/core/record-format';
import { objectSize } from '@sealdrop/core/upload-plan';
import { describe, expect, it, vi } from 'vitest';
import { recallFileKey } from '../../../lib/file-keys';
import { fail, mockApi, ok } from '../../../testing/mock-api';
import { partUrls } from '../testing/part-urls';
import type { PutBlobOptions } from './put-blob';
import { uploadFile } from './upload-file';

const ORIGIN = 'https://sealdrop.test';
const fast = { attempts: 3, baseDelayMs: 1 };
function presignAnswer(body: unknown, multipart = false) {
  const { size, isEncrypted } = body as { size: number; isEncrypted: boolean };
  return ok({
    ...(multipart
      ? {
          multipart: {
            uploadId: 'up-1',
            partSize: RECORD_SIZE,
            partCount: Math.ceil(size / RECORD_SIZE),
            parts: [{ partNumber: 1, url: 'https://storage.test/part/1' }],
          },
        }
      : { uploadUrl: 'https://storage.test/object' }),
    objectKey: 'objects/abc',
    slug: 'Slug123456',
    shortUrl: `${ORIGIN}/s/Slug123456`,
    expiresAt: '2026-11-23T00:00:00Z',
    objectSize: objectSize(size, isEncrypted),
    concurrency: 2,
  });
}

describe('uploadFile', () => {
  it('shows the link right after presign, before any byte is stored, then finalizes', async () => {
    const events: string[] = [];
    const api = mockApi({
      'POST /upload/presign': ({ body }) => presignAnswer(body),
      'POST /upload/finalize': () =>
        ok({
          fileId: 'Slug123456',
          storageKey: 'objects/abc',
          downloadUrl: `${ORIGIN}/s/Slug123456`,
        }),
    });
    const put = vi.fn(async (options: PutBlobOptions) => {
      events.push('put');
      options.onProgress?.(options.body.size);
      return { status: 200, etag: null };
    });
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const result = await uploadFile({
      input: file,
      encrypt: false,
      origin: ORIGIN,
      put,
      retry: fast,
      onStage: (stage) => events.push(stage),
      onLink: (link) => events.push(`link ${link}`),
    });
    expect(events).toEqual(['uploading', `link ${ORIGIN}/s/Slug123456`, 'put', 'finalizing']);
    expect(api.callsTo('POST /upload/presign')[0]?.body).toEqual({
      filename: 'notes.txt',
      contentType: 'text/plain',
      size: 5,
      isEncrypted: false,
    });
    expect(put.mock.calls[0]?.[0].contentType).toBe('text/plain');
    expect(result.shareUrl).toBe(`${ORIGIN}/s/Slug123456`);
  });

  it('encrypts: octet-stream, key in the fragment only, the whole file as one sealed part', async () => {
    const api = mockApi({
      'POST /upload/presign': ({ body }) => presignAnswer(body),
      'POST /upload/finalize': () =>
        ok({
          fileId: 'Short12345',
          storageKey: 'objects/abc',
          downloadUrl: `${ORIGIN}/s/Short12345`,
        }),
    });
    let sentSize = 0;
    const links: string[] = [];
    const result = await uploadFile({
      input: new File(['secret'], 'a.txt', { type: 'text/plain' }),
      encrypt: true,
      reservation: { shortCode: 'Short12345', completeToken: 'c'.repeat(43) },
      origin: ORIGIN,
      retry: fast,
      onLink: (link) => links.push(link),
      put: async (options) => {
        sentSize = options.body.size;
        expect(options.contentType).toBe('application/octet-stream');
        return { status: 200, etag: null };
      },
    });
    const presign = api.callsTo('POST /upload/presign')[0]?.body as Record<string, unknown>;
    expect(presign).toMatchObject({
      size: 6,
      isEncrypted: true,
      shortCode: 'Short12345',
      completeToken: 'c'.repeat(43),
    });
    // No name or type, only the record sealed under the link's key.
    expect(presign).not.toHaveProperty('filename');
    expect(presign).not.toHaveProperty('contentType');
    expect(JSON.stringify(api.calls)).not.toContain('a.txt');
    const secrets = parseFragment(new URL(links[0] ?? '').hash);
    expect(
      await openMetadata(String(presign.encryptedMetadata), secrets?.rawKey ?? new Uint8Array()),
    ).toEqual({ files: [{ name: 'a.txt', size: 6, type: 'text/plain', path: 'a.txt' }] });
    expect(sentSize).toBe(objectSize(6, true));
    expect(links[0]).toMatch(
      /^https:\/\/sealdrop\.test\/s\/Slug123456#key=[\w-]{43}&iv=[\w-]{16}$/,
    );
    expect(result.shareUrl).toMatch(
      /^https:\/\/sealdrop\.test\/s\/Short12345#key=[\w-]{43}&iv=[\w-]{16}$/,
    );
    // The fragment never travels to the server.
    expect(JSON.stringify(api.calls)).not.toContain('key=');
    // It is kept in this browser so that "My files" can copy the whole link later.
    expect(`#${recallFileKey('Slug123456')}`).toBe(new URL(links[0] ?? '').hash);
  });

  it('sends multipart ETags to finalize', async () => {
    const api = mockApi({
      'POST /upload/presign': ({ body }) => presignAnswer(body, true),
      'POST /upload/parts': partUrls,
      'POST /upload/finalize': () =>
        ok({
          fileId: 'Slug123456',
          storageKey: 'objects/abc',
          downloadUrl: `${ORIGIN}/s/Slug123456`,
        }),
    });
    await uploadFile({
      input: new File([new Uint8Array(2 * RECORD_SIZE + 1)], 'big.bin'),
      encrypt: false,
      origin: ORIGIN,
      retry: fast,
      put: async (options) => ({ status: 200, etag: `"${options.url.slice(-1)}"` }),
    });
    expect(api.callsTo('POST /upload/finalize')[0]?.body).toEqual({
      objectKey: 'objects/abc',
      slug: 'Slug123456',
      parts: [
        { partNumber: 1, etag: '"1"' },
        { partNumber: 2, etag: '"2"' },
        { partNumber: 3, etag: '"3"' },
      ],
    });
  });

  it('tells the server to abort when the transfer is aborted', async () => {
    const api = mockApi({
      'POST /upload/presign': ({ body }) => presignAnswer(body, true),
      'POST /upload/abort': () => ok({}),
    });
    const controller = new AbortController();
    const done = uploadFile({
      input: new File([new Uint8Array(10)], 'a.bin'),
      encrypt: false,
      origin: ORIGIN,
      signal: controller.signal,
      put: (options) =>
        new Promise((_, reject) => {
          options.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
          controller.abort();
        }),
    });
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(api.callsTo('POST /upload/abort')).toHaveLength(1));
    expect(api.callsTo('POST /upload/abort')[0]?.body).toEqual({
      objectKey: 'objects/abc',
      uploadId: 'up-1',
    });
    expect(api.callsTo('POST /upload/finalize')).toHaveLength(0);
  });

  it('passes the server refusal at presign through (413)', async () => {
    mockApi({
      'POST /upload/presign': () => fail(413, 'File size exceeds maximum allowed size of 5GB'),
    });
    await expect(
      uploadFile({ input: new File(['x'], 'x'), encrypt: false, origin: ORIGIN }),
    ).rejects.toMatchObject({
      status: 413,
      message: 'File size exceeds maximum allowed size of 5GB',
    });
  });
});
