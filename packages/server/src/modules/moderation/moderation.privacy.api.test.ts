/**
 * A reporter's key and email go to admins and nowhere else: not into the log (captured at the
 * most verbose level), not into any answer a non-admin can get. Moderation actions are logged
 * (what, which file, by whom) and counted in /metrics.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import { logCapture, type TestServer } from '../../testing/test-server';
import { ADMIN_EMAIL, LINK_KEY, moderationClient } from './moderation.test-client';

const METRICS_TOKEN = 'metrics-token-for-moderation';
const REPORTER = 'reporter.never.logged@example.org';

describeEachDatabase('what a report reveals, and to whom', (createDatabase) => {
  let server: TestServer;
  const { lines, logger } = logCapture('trace');
  serverPerTest(
    createDatabase,
    () => {
      lines.length = 0;
      return {
        env: {
          ADMIN_EMAILS: ADMIN_EMAIL,
          RATE_LIMIT_ENABLED: 'false',
          METRICS_TOKEN,
          ANON_DAILY_UPLOADS: '2',
        },
        logger,
      };
    },
    (started) => {
      server = started;
    },
  );

  it("never logs a reported key or a reporter's email, nor answers them to anyone but an admin", async () => {
    const client = moderationClient(server);
    const uploader = await client.signUp('uploader@example.com');
    const { fileId } = await client.upload({ isEncrypted: true }, { token: uploader.token });
    const reported = await client.report({
      code: fileId,
      reason: 'malware',
      details: 'Asks for a bank password.',
      email: REPORTER,
      key: LINK_KEY,
    });
    expect(reported.statusCode).toBe(200);
    const secrets = [
      LINK_KEY,
      ...LINK_KEY.split('&').map((part) => part.split('=')[1] ?? ''),
      REPORTER,
    ];

    const member = await client.signUp('member@example.com');
    const answers = [];
    for (const [url, token] of [
      [`/api/files/${fileId}/info`, undefined],
      [`/api/s/${fileId}`, undefined],
      [`/api/files/resolve?slug=${fileId}`, undefined],
      [`/api/tiny/analytics/${fileId}`, undefined],
      ['/api/files/my-files', uploader.token],
      ['/api/auth/me', uploader.token],
      ['/api/admin/reports', member.token],
      [`/api/admin/reports/${fileId}`, member.token],
      [`/api/admin/reports/${fileId}`, uploader.token],
      ['/api/admin/audit', undefined],
      ['/api/config', undefined],
    ] as const) {
      answers.push((await client.call('GET', url, { token })).text);
    }
    const admin = await client.admin();
    const view = await client.call('GET', `/api/admin/reports/${fileId}`, { token: admin.token });
    expect(view.text).toContain(LINK_KEY);
    expect(view.text).toContain(REPORTER);
    for (const answer of answers)
      for (const secret of secrets) expect(answer).not.toContain(secret);

    const removed = await client.call('POST', `/api/admin/files/${fileId}/removal`, {
      token: admin.token,
      body: { reason: 'malware', note: 'Checked with the key.' },
    });
    expect(removed.statusCode).toBe(200);

    const log = lines.join('\n');
    expect(log).toContain('/api/reports');
    const actions = lines.map((line) => JSON.parse(line)).filter((entry) => entry.moderation);
    expect(actions).toEqual([
      expect.objectContaining({
        msg: 'moderation action',
        moderation: expect.objectContaining({
          action: 'file.removed',
          fileId,
          reason: 'malware',
          by: admin.id,
          accountId: uploader.id,
        }),
      }),
    ]);
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toContain('Checked with the key.');
  });

  it("never logs what a moderator searched for: a pasted link's key, an account's email", async () => {
    const client = moderationClient(server);
    const uploader = await client.signUp('searched.for@example.com');
    const { fileId } = await client.upload({ isEncrypted: true }, { token: uploader.token });
    const admin = await client.admin();
    // The console cuts the #key off before searching; the API, called directly, may still get it.
    for (const q of [`http://x.example/s/${fileId}#${LINK_KEY}`, 'searched.for@example.com']) {
      const found = await client.call('GET', `/api/admin/files?q=${encodeURIComponent(q)}`, {
        token: admin.token,
      });
      expect(found.body.data).toMatchObject({ files: [{ fileId }] });
    }
    const log = lines.join('\n');
    expect(log).toContain('/api/admin/files');
    for (const secret of [...LINK_KEY.split('&').map((part) => part.split('=')[1] ?? '')])
      expect(log).not.toContain(encodeURIComponent(secret));
    expect(log).not.toContain(encodeURIComponent('searched.for@example.com'));
  });

  it('counts reports by reason, removals, blocks and quota refusals in /metrics', async () => {
    const client = moderationClient(server);
    const admin = await client.admin();
    const { fileId } = await client.upload({}, { ip: '198.51.100.3' });
    await client.report({ code: fileId, reason: 'spam' });
    await client.report({ code: fileId, reason: 'spam' });
    await client.report({ code: fileId, reason: 'copyright' });
    await client.call('POST', `/api/admin/files/${fileId}/removal`, {
      token: admin.token,
      body: { reason: 'spam' },
    });
    await client.call('POST', `/api/admin/files/${fileId}/uploader-block`, {
      token: admin.token,
      body: { blockAddressDays: 1 },
    });
    expect((await client.presign({}, { ip: '198.51.100.3' })).statusCode).toBe(403);
    for (let i = 0; i < 3; i += 1) await client.presign({}, { ip: '198.51.100.4' });

    const scrape = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = scrape.body;
    for (const line of [
      'sealdrop_reports_total{reason="spam"} 2',
      'sealdrop_reports_total{reason="copyright"} 1',
      'sealdrop_reports_total{reason="malware"} 0',
      'sealdrop_files_removed_total{reason="terms"} 1',
      'sealdrop_files_removed_total{reason="malware"} 0',
      'sealdrop_blocks_total{kind="address"} 1',
      'sealdrop_blocks_total{kind="account"} 0',
      'sealdrop_blocked_uploads_total 1',
      'sealdrop_quota_refusals_total{quota="daily_uploads"} 1',
      'sealdrop_quota_refusals_total{quota="daily_bytes"} 0',
      'sealdrop_quota_refusals_total{quota="storage"} 0',
    ])
      expect(text.split('\n')).toContain(line);
  });
});
