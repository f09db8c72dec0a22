/**
 * A link whose upload ended before it finished says so to whoever opens it afterwards, not only to
 * a recipient who was already waiting on it (docs/uploads.md, "Progress and pauses"): info, the
 * short link and the download answer 410 "This link will not work: the upload did not finish."
 * after the sender cancelled and after the sweeper dropped the unfinished upload, for
 * UNFINISHED_LINK_MS; unknown and expired links stay "not found".
 */
import { UPLOAD_DID_NOT_FINISH_TEXT } from '@sealdrop/core/upload-progress';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { sweepTestServer } from '../../testing/sweep';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { api, presign, putBytes, uploadFile } from '../../testing/upload-helpers';
import { UNFINISHED_LINK_MS } from '../files/files.repository';
import { STALE_UPLOAD_MS } from '../sweeper/sweeper';

const DID_NOT_FINISH = { statusCode: 410, message: UPLOAD_DID_NOT_FINISH_TEXT };
const NOT_FOUND = { statusCode: 404, message: 'File not found or has expired.' };

describeEachDatabase('links of unfinished uploads', (createDatabase) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({
      database: await createDatabase(),
      env: { RATE_LIMIT_ENABLED: 'false' },
    });
  });
  afterAll(() => server.close());

  const sweep = () => sweepTestServer(server, { byteless: true });
  /** What info answers for `slug`: its status code and, for an error, its message. */
  const info = async (slug: string) => {
    const { statusCode, body } = await api(server, 'GET', `/api/files/${slug}/info`);
    return { statusCode, message: body.message };
  };
  const opened = async (slug: string) => {
    const { statusCode, body } = await api(server, 'GET', `/api/s/${slug}`);
    return { statusCode, message: body.message };
  };

  it('answers "did not finish" for a cancelled upload opened afterwards, until UNFINISHED_LINK_MS', async () => {
    const { objectKey, slug } = (await presign(server, { size: 20, isEncrypted: true })).body.data;
    expect((await info(slug)).statusCode).toBe(200);
    expect((await api(server, 'POST', '/api/upload/abort', { objectKey })).statusCode).toBe(200);

    expect(await info(slug)).toEqual(DID_NOT_FINISH);
    expect(await opened(slug)).toEqual(DID_NOT_FINISH);
    const download = await api(server, 'GET', `/api/files/${slug}/download`);
    expect(download.statusCode).toBe(410);

    server.clock.advance(UNFINISHED_LINK_MS - 1000);
    await sweep();
    expect(await info(slug)).toEqual(DID_NOT_FINISH);
    server.clock.advance(1000);
    await sweep();
    expect(await info(slug)).toEqual(NOT_FOUND);
    const left = await server.db.selectFrom('unfinished_uploads').selectAll().execute();
    expect(left).toEqual([]);
  });

  it('answers "did not finish" for uploads the sweeper dropped unfinished; unknown and expired links stay not found', async () => {
    const silent = (await presign(server, { size: 1000, isEncrypted: true })).body.data;
    const stuck = (await presign(server, { size: 20 * 1024 * 1024 })).body.data;
    const firstPart = stuck.multipart?.parts[0];
    const part = await putBytes(server, firstPart?.url ?? '', Buffer.alloc(5 * 1024 * 1024, 1));
    expect(part.statusCode).toBe(200);
    const { plan } = await uploadFile(server, { size: 20 });

    server.clock.advance(STALE_UPLOAD_MS + 1000);
    const { files } = await sweep();
    expect(files).toBe(3);
    expect(await info(silent.slug)).toEqual(DID_NOT_FINISH);
    expect(await info(stuck.slug)).toEqual(DID_NOT_FINISH);
    expect(await opened(stuck.slug)).toEqual(DID_NOT_FINISH);
    // The finished file expired (24 hours here): that link is not found, as an unknown one is.
    expect(await info(plan.slug)).toEqual(NOT_FOUND);
    expect(await info('NeverIssued01')).toEqual(NOT_FOUND);
  });
});
