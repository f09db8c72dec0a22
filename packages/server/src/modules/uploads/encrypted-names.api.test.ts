/**
 * The server never learns an encrypted file's name or type: presign
 * takes sealed `encryptedMetadata` instead of filename/contentType, info and My files hand it back
 * as is, the database, the short links, the log and the download's Content-Disposition name
 * nothing. Links made before keep their stored name.
 */
import { MAX_ENCRYPTED_METADATA_CHARS } from '@sealdrop/core/crypto/metadata-limits';
import { describe, expect, it } from 'vitest';
import { databaseText } from '../../testing/database-text';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import { logCapture, type TestServer } from '../../testing/test-server';
import {
  api,
  downloadBytes,
  pathOf,
  putBytes,
  standInMetadata,
  uploadFile,
} from '../../testing/upload-helpers';

const NAME = 'Zanzibar-merger-plan-7731.pdf';
const REFUSED =
  'must not be sent for an encrypted upload: the browser seals the name and type in encryptedMetadata';

describeEachDatabase('encrypted file names', (createDatabase) => {
  let server: TestServer;
  const { lines: logs, logger } = logCapture();
  serverPerTest(
    createDatabase,
    () => {
      logs.length = 0;
      return { logger };
    },
    (started) => {
      server = started;
    },
  );

  const presignBody = (extra: Record<string, unknown>) =>
    api(server, 'POST', '/api/upload/presign', { size: 10, isEncrypted: true, ...extra });

  describe('presign', () => {
    it('refuses a file name or type with an encrypted upload, naming the field', async () => {
      const withName = await presignBody({ filename: NAME, encryptedMetadata: standInMetadata() });
      expect(withName.statusCode).toBe(400);
      expect(withName.body).toEqual({ status: 'error', message: `filename: ${REFUSED}` });
      const withType = await presignBody({
        contentType: 'application/pdf',
        encryptedMetadata: standInMetadata(),
      });
      expect(withType.statusCode).toBe(400);
      expect(withType.body.message).toBe(`contentType: ${REFUSED}`);
    });

    it('requires encryptedMetadata with an encrypted upload, base64url and size-capped', async () => {
      expect((await presignBody({})).body.message).toBe(
        'encryptedMetadata: is required for an encrypted upload',
      );
      expect((await presignBody({ encryptedMetadata: 'a+b/c=' })).body.message).toBe(
        'encryptedMetadata: must be base64url text',
      );
      const tooLong = await presignBody({
        encryptedMetadata: 'A'.repeat(MAX_ENCRYPTED_METADATA_CHARS + 1),
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.body.message).toBe(
        `encryptedMetadata: must be at most ${MAX_ENCRYPTED_METADATA_CHARS} characters`,
      );
    });

    it('keeps plain uploads as they were and refuses encryptedMetadata on them', async () => {
      const plain = await api(server, 'POST', '/api/upload/presign', {
        filename: 'notes.txt',
        contentType: 'text/plain',
        size: 10,
      });
      expect(plain.statusCode).toBe(200);
      const mixed = await api(server, 'POST', '/api/upload/presign', {
        filename: 'notes.txt',
        size: 10,
        encryptedMetadata: standInMetadata(),
      });
      expect(mixed.statusCode).toBe(400);
      expect(mixed.body.message).toBe(
        'encryptedMetadata: is only for encrypted uploads (isEncrypted: true)',
      );
    });
  });

  it('returns the sealed metadata as is, stores no name and names the object generically', async () => {
    const encryptedMetadata = standInMetadata();
    const presigned = await presignBody({ encryptedMetadata, size: 1000 });
    expect(presigned.statusCode).toBe(200);
    const plan = presigned.body.data as { uploadUrl: string; objectKey: string; slug: string };
    await putBytes(server, plan.uploadUrl, Buffer.alloc(1000 + 8 + 16));
    await api(server, 'POST', '/api/upload/finalize', { objectKey: plan.objectKey });

    const info = await api(server, 'GET', `/api/files/${plan.slug}/info`);
    expect(info.body.data).toMatchObject({
      originalName: null,
      encryptedMetadata,
      contentType: 'application/octet-stream',
      isEncrypted: true,
    });
    const row = await server.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', plan.slug)
      .executeTakeFirstOrThrow();
    expect(row.original_name).toBe('');
    expect(row.encrypted_metadata).toBe(encryptedMetadata);
    const download = await downloadBytes(server, plan.slug);
    expect(download.statusCode).toBe(200);
    expect(download.headers?.['content-disposition']).toBe(
      `attachment; filename="${plan.slug}.enc"; filename*=UTF-8''${plan.slug}.enc`,
    );
    expect(logs.join('')).not.toContain(encryptedMetadata);
  });

  it('forgets a name given to a reserved short link once an encrypted upload takes the code', async () => {
    // An older page still sends the name when it reserves; the upload that takes the code drops it.
    const reserved = (
      await api<{ shortCode: string; completeToken: string }>(server, 'POST', '/api/tiny/instant', {
        originalName: NAME,
      })
    ).body.data;
    const { plan, finalized } = await uploadFile(server, {
      size: 10,
      isEncrypted: true,
      shortCode: reserved.shortCode,
      completeToken: reserved.completeToken,
    });
    expect(finalized.statusCode).toBe(200);
    const complete = await api(server, 'PUT', `/api/tiny/complete/${reserved.shortCode}`, {
      fileId: plan.slug,
      completeToken: reserved.completeToken,
      storageKey: plan.objectKey,
    });
    expect(complete.statusCode).toBe(200);

    expect(await databaseText(server.db)).not.toContain(NAME);
    expect(logs.join('')).not.toContain(NAME);
  });

  it('lists encrypted files in My files without a name, with their sealed metadata', async () => {
    const register = await api<{ token: string }>(server, 'POST', '/api/auth/register', {
      email: 'ada@example.com',
      password: 'Correct-Horse-9',
    });
    const authorization = `Bearer ${register.body.data.token}`;
    const encryptedMetadata = standInMetadata();
    const presigned = await server.app.inject({
      method: 'POST',
      url: '/api/upload/presign',
      headers: { authorization },
      payload: { size: 10, isEncrypted: true, encryptedMetadata },
    });
    const plan = presigned.json().data;
    await server.app.inject({
      method: 'PUT',
      url: pathOf(plan.uploadUrl),
      payload: Buffer.alloc(34),
    });
    const list = await server.app.inject({
      url: '/api/files/my-files',
      headers: { authorization },
    });
    expect(list.json().data.items).toMatchObject([
      { fileId: plan.slug, originalName: null, encryptedMetadata, isEncrypted: true },
    ]);
  });

  it('keeps links made before this change working: their stored name is still shown', async () => {
    const { plan } = await uploadFile(server, { size: 10, isEncrypted: true });
    // What a row made before sealed names looked like: the name, no metadata.
    await server.db
      .updateTable('files')
      .set({ original_name: 'holiday.jpg', encrypted_metadata: null })
      .where('id', '=', plan.slug)
      .execute();
    const info = await api(server, 'GET', `/api/files/${plan.slug}/info`);
    expect(info.statusCode).toBe(200);
    expect(info.body.data).toMatchObject({
      originalName: 'holiday.jpg',
      encryptedMetadata: null,
      isEncrypted: true,
    });
    const download = await downloadBytes(server, plan.slug);
    expect(download.statusCode).toBe(200);
    expect(String(download.headers?.['content-disposition'])).not.toContain('holiday');
  });
});
