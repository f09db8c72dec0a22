/**
 * A removed file is a tombstone until its original expiry: every way of reaching it answers 410
 * with the reason's words, its uploader sees why in "My files", and the sweeper deletes the row
 * when the file would have expired anyway.
 */
import { REMOVED_MESSAGES } from '@sealdrop/core/moderation';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { sweepTestServer } from '../../testing/sweep';
import type { TestServer } from '../../testing/test-server';
import { pathOf } from '../../testing/upload-helpers';
import { MALWARE_SCANNER, removeFile } from './moderation.removal';
import {
  type ModerationClient,
  moderationDepsOf,
  moderationServerPerTest,
} from './moderation.test-client';

const TERMS = 'This file was removed for violating the terms of use.';

describeEachDatabase('a removed file', (createDatabase) => {
  let server: TestServer;
  let client: ModerationClient;
  moderationServerPerTest(createDatabase, {}, (started, startedClient) => {
    server = started;
    client = startedClient;
  });

  const gone = (message = TERMS) => ({ statusCode: 410, body: { status: 'error', message } });

  it('answers 410 with the removal message on every read path', async () => {
    const owner = await client.signUp('owner@example.com');
    const { fileId } = await client.upload({ downloadLimit: 3 }, { token: owner.token });
    // A download URL signed before the removal, and a browser counted for the file.
    const redirect = await client.call('GET', `/api/files/${fileId}/download`);
    const signedGet = pathOf(String(redirect.headers.location));
    const cookie = String(redirect.headers['set-cookie']).split(';')[0] ?? '';
    expect((await client.call('GET', signedGet)).statusCode).toBe(200);

    const { token } = await client.admin();
    const removal = await client.call('POST', `/api/admin/files/${fileId}/removal`, {
      token,
      body: { reason: 'copyright' },
    });
    expect(removal.statusCode).toBe(200);

    const paths: [string, 'GET' | 'POST', string, Record<string, string>?][] = [
      ['short link', 'GET', `/api/s/${fileId}`],
      ['slug resolve', 'GET', `/api/files/resolve?slug=${fileId}`],
      ['file info', 'GET', `/api/files/${fileId}/info`],
      ['download redirect', 'GET', `/api/files/${fileId}/download`],
      ['download finished', 'POST', `/api/files/${fileId}/downloaded`, { cookie }],
      ['signed storage GET made before', 'GET', signedGet],
      ['short-link analytics', 'GET', `/api/tiny/analytics/${fileId}`],
    ];
    for (const [what, method, url, headers] of paths) {
      expect(await client.call(method, url, { headers }), what).toMatchObject(gone());
    }
    const head = await server.app.inject({ method: 'HEAD', url: signedGet });
    expect(head.statusCode).toBe(410);

    // Its owner sees the file and why it was removed; deleting it changes nothing.
    const mine = await client.call('GET', '/api/files/my-files', { token: owner.token });
    expect(mine.body.data).toMatchObject({
      items: [{ fileId, removed: { reason: 'terms', message: TERMS } }],
    });
    expect(
      await client.call('DELETE', `/api/files/${fileId}`, { token: owner.token }),
    ).toMatchObject(gone());
    expect((await client.call('GET', `/api/s/${fileId}`)).statusCode).toBe(410);
  });

  it('stops an upload still in progress: its parts, finalize and link answer 410', async () => {
    const presigned = await client.presign({ size: 12 * 1024 * 1024 });
    const plan = presigned.body.data as {
      slug: string;
      objectKey: string;
      multipart: { uploadId: string; parts: { url: string }[] };
    };
    await removeFile({
      deps: moderationDepsOf(server),
      input: { fileId: plan.slug, reason: 'malware', actor: MALWARE_SCANNER },
      now: server.clock.now(),
    });
    const malware = gone(REMOVED_MESSAGES.malware);
    expect(await client.call('GET', `/api/files/${plan.slug}/info`)).toMatchObject(malware);
    expect(
      await client.call('POST', '/api/upload/parts', {
        body: { objectKey: plan.objectKey, uploadId: plan.multipart.uploadId, partNumbers: [1] },
      }),
    ).toMatchObject(malware);
    expect(
      await client.call('POST', '/api/upload/finalize', { body: { objectKey: plan.objectKey } }),
    ).toMatchObject(malware);
    // A part URL signed before: the upload is closed.
    const part = await server.app.inject({
      method: 'PUT',
      url: pathOf(plan.multipart.parts[0]?.url ?? ''),
      payload: Buffer.alloc(5 * 1024 * 1024),
    });
    expect(part.statusCode).toBe(409);
    const audit = await server.db.selectFrom('moderation_audit').selectAll().execute();
    expect(audit).toMatchObject([
      { action: 'file.removed', actor_id: null, actor_label: 'malware scanner', reason: 'malware' },
    ]);

    // Swept at its original expiry it is an expired link, not one whose upload "did not finish".
    server.clock.advance(25 * 60 * 60 * 1000);
    const swept = await sweepTestServer(server);
    expect(swept.files).toBe(1);
    expect(await client.call('GET', `/api/files/${plan.slug}/info`)).toMatchObject({
      statusCode: 404,
      body: { message: 'File not found or has expired.' },
    });
  });

  it('is in force and audited even when the store is down; removing again deletes the object', async () => {
    const { fileId, plan } = await client.upload();
    const deps = moderationDepsOf(server);
    const down = {
      ...deps,
      storage: {
        ...server.storage,
        delete: async () => {
          throw new Error('store unreachable');
        },
      },
    };
    const input = { fileId, reason: 'terms' as const, actor: MALWARE_SCANNER };
    await expect(removeFile({ deps: down, input, now: server.clock.now() })).rejects.toThrow(
      'store unreachable',
    );
    expect(await client.call('GET', `/api/files/${fileId}/info`)).toMatchObject(gone());
    expect(await server.db.selectFrom('moderation_audit').select('action').execute()).toEqual([
      { action: 'file.removed' },
    ]);
    expect(await server.storage.head(plan.objectKey)).not.toBeNull();

    const again = await removeFile({ deps, input, now: server.clock.now() });
    expect(again).toMatchObject({ removed: false, audit: null });
    expect(await server.storage.head(plan.objectKey)).toBeNull();
    expect(await server.db.selectFrom('moderation_audit').select('action').execute()).toHaveLength(
      1,
    );
  });

  it('stays a tombstone until its original expiry; then it is an expired file, and swept', async () => {
    const { fileId } = await client.upload();
    const { token } = await client.admin();
    await client.call('POST', `/api/admin/files/${fileId}/removal`, {
      token,
      body: { reason: 'spam' },
    });
    server.clock.advance(23 * 60 * 60 * 1000);
    expect((await client.call('GET', `/api/s/${fileId}`)).statusCode).toBe(410);
    server.clock.advance(2 * 60 * 60 * 1000);
    expect(await client.call('GET', `/api/files/${fileId}/info`)).toMatchObject({
      statusCode: 404,
      body: { message: 'File not found or has expired.' },
    });
    const swept = await sweepTestServer(server);
    expect(swept.files).toBe(1);
    expect(await server.db.selectFrom('files').selectAll().execute()).toEqual([]);
  });
});
