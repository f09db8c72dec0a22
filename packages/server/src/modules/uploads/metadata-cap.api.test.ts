/**
 * A presign's sealed metadata is capped by what its declared number of files can need
 * (core crypto/metadata-limits.ts), so an upload of one file cannot park hundreds of KiB in the
 * database; links whose metadata was stored before the cap keep working.
 */
import { maxEncryptedMetadataChars } from '@sealdrop/core/crypto/metadata-limits';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';
import { api, uploadFile } from '../../testing/upload-helpers';

describeEachDatabase('encrypted metadata cap', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, (started) => {
    server = started;
  });

  const presign = (extra: Record<string, unknown>) =>
    api<{ slug: string }>(server, 'POST', '/api/upload/presign', {
      size: 10,
      isEncrypted: true,
      ...extra,
    });

  it('refuses metadata longer than one file can need with a 400 that says so, and takes it for the files it lists', async () => {
    const blob = 'A'.repeat(maxEncryptedMetadataChars(1) + 1);
    const refused = await presign({ encryptedMetadata: blob });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toEqual({
      status: 'error',
      message: `encryptedMetadata: is longer than one file can need (at most ${maxEncryptedMetadataChars(1)} characters); fileCount must give the number of files in the link`,
    });
    expect(await server.db.selectFrom('files').select('id').execute()).toEqual([]);

    const accepted = await presign({ encryptedMetadata: blob, fileCount: 2 });
    expect(accepted.statusCode).toBe(200);
    const row = await server.db
      .selectFrom('files')
      .select('encrypted_metadata')
      .where('id', '=', accepted.body.data.slug)
      .executeTakeFirstOrThrow();
    expect(row.encrypted_metadata).toBe(blob);
  });

  it('refuses 200 KiB of metadata for ten files, and a file count beyond what one link holds', async () => {
    const blob = 'A'.repeat(200 * 1024);
    const refused = await presign({ encryptedMetadata: blob, fileCount: 10 });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toMatch(/^encryptedMetadata: is longer than 10 files can need/);
    const tooMany = await presign({ encryptedMetadata: 'AAAA', fileCount: 10_001 });
    expect(tooMany.body.message).toBe('fileCount: must be at most 10000');
    const plain = await api(server, 'POST', '/api/upload/presign', {
      filename: 'a.txt',
      size: 1,
      isEncrypted: false,
      fileCount: 3,
    });
    expect(plain.body.message).toBe(
      'fileCount: must be 1 for a plain upload: several files in one link are always encrypted',
    );
  });

  it('still serves a link whose metadata was stored before the cap, longer than its files need now', async () => {
    const { plan } = await uploadFile(server, { size: 100, isEncrypted: true });
    const old = 'B'.repeat(300 * 1024);
    await server.db
      .updateTable('files')
      .set({ encrypted_metadata: old })
      .where('id', '=', plan.slug)
      .execute();
    const info = await api<{ encryptedMetadata: string }>(
      server,
      'GET',
      `/api/files/${plan.slug}/info`,
    );
    expect(info.statusCode).toBe(200);
    expect(info.body.data.encryptedMetadata).toBe(old);
  });
});
