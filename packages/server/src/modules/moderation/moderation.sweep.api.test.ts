import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { sweepTestServer } from '../../testing/sweep';
import type { TestServer } from '../../testing/test-server';
import { sweepModeration } from './moderation.sweep';
import {
  LINK_KEY,
  moderationClient,
  moderationDepsOf,
  moderationServerPerTest,
} from './moderation.test-client';

const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase("the sweeper's part for moderation", (createDatabase) => {
  let server: TestServer;
  moderationServerPerTest(createDatabase, { REPORT_RETENTION_DAYS: '30' }, (started) => {
    server = started;
  });

  it('deletes closed reports past their retention and quota entries past the window, nothing else', async () => {
    const client = moderationClient(server);
    const { token } = await client.admin();
    const closed = await client.upload();
    const open = await client.upload();
    await client.report({ code: closed.fileId, reason: 'spam' });
    await client.report({ code: open.fileId, reason: 'spam' });
    await client.call('POST', `/api/admin/reports/${closed.fileId}/dismissal`, { token });
    const sweep = () =>
      sweepModeration({
        db: server.db,
        reports: moderationDepsOf(server).reports,
        reportRetentionDays: 30,
        now: server.clock.now(),
      });

    expect(await sweep()).toEqual({ reports: 0, quotaEntries: 0 });
    server.clock.advance(DAY_MS + 1000);
    expect(await sweep()).toEqual({ reports: 0, quotaEntries: 2 });
    server.clock.advance(30 * DAY_MS);
    expect(await sweep()).toEqual({ reports: 1, quotaEntries: 0 });
    const left = await server.db.selectFrom('reports').select(['file_id', 'status']).execute();
    // The open report of a file that has since expired was closed as `expired` when the row went;
    // here the row is still there (no file sweep ran), so the report is open.
    expect(left).toEqual([{ file_id: open.fileId, status: 'open' }]);
    expect(await server.db.selectFrom('moderation_audit').select('action').execute()).toEqual([
      { action: 'reports.dismissed' },
    ]);
  });

  it('closes the open reports of a file that expired, deleting their keys, when the file is swept', async () => {
    const client = moderationClient(server);
    const { fileId } = await client.upload({ isEncrypted: true });
    await client.report({ code: fileId, reason: 'illegal', key: LINK_KEY });
    server.clock.advance(DAY_MS + 1000);
    const swept = await sweepTestServer(server);
    expect(swept.files).toBe(1);
    const reports = await server.db
      .selectFrom('reports')
      .select(['status', 'key_box', 'key_included'])
      .execute();
    expect(reports).toEqual([{ status: 'expired', key_box: null, key_included: 1 }]);
  });
});
