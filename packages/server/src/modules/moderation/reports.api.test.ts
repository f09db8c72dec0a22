import { REPORT_ERRORS } from '@sealdrop/core/api-report-schemas';
import { expect, it } from 'vitest';
import { databaseText } from '../../testing/database-text';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';
import {
  LINK_KEY,
  type ModerationClient,
  moderationClient,
  moderationServerPerTest,
} from './moderation.test-client';

describeEachDatabase('reporting a link', (createDatabase) => {
  let server: TestServer;
  let client: ModerationClient;
  moderationServerPerTest(createDatabase, {}, (started, startedClient) => {
    server = started;
    client = startedClient;
  });

  it('files reports by short code, file id or link, grouped under the one file they name', async () => {
    const { fileId } = await client.upload({ isEncrypted: true });
    const link = `http://elsewhere.example/s/${fileId}`;
    for (const [code, reason, ip] of [
      [fileId, 'spam', '198.51.100.1'],
      [link, 'malware', '198.51.100.2'],
      [`http://elsewhere.example/download/${fileId}#`, 'malware', '198.51.100.2'],
    ] as const) {
      const answer = await client.report({ code, reason }, { ip });
      expect(answer).toMatchObject({
        statusCode: 200,
        body: { status: 'success', data: { reported: true } },
      });
    }

    const { token } = await client.admin();
    const view = await client.call('GET', '/api/admin/reports', { token });
    expect(view.statusCode).toBe(200);
    const { groups } = view.body.data as { groups: Record<string, unknown>[] };
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      fileId,
      reportCount: 3,
      openCount: 3,
      reporters: 2,
      reasons: { malware: 2, spam: 1, illegal: 0, copyright: 0, other: 0 },
      keyIncluded: false,
      key: null,
    });
  });

  it('refuses bad input with the field and the rule', async () => {
    const { fileId } = await client.upload({ isEncrypted: true });
    const cases: [Record<string, unknown>, string][] = [
      [{ code: fileId, reason: 'ugly' }, `reason: ${REPORT_ERRORS.reason}`],
      [{ code: fileId }, `reason: ${REPORT_ERRORS.reason}`],
      [{ reason: 'spam' }, 'code: is required'],
      [{ code: 'not a link', reason: 'spam' }, `code: ${REPORT_ERRORS.code}`],
      [{ code: `ftp://x.example/s/${fileId}`, reason: 'spam' }, `code: ${REPORT_ERRORS.code}`],
      [
        { code: `http://x.example/s/${fileId}#${LINK_KEY}`, reason: 'spam' },
        `code: ${REPORT_ERRORS.codeWithKey}`,
      ],
      [
        { code: fileId, reason: 'spam', details: 'x'.repeat(2001) },
        `details: ${REPORT_ERRORS.details}`,
      ],
      [{ code: fileId, reason: 'spam', email: 'a@b' }, `email: ${REPORT_ERRORS.email}`],
      [{ code: fileId, reason: 'spam', key: 'key=short&iv=x' }, `key: ${REPORT_ERRORS.key}`],
    ];
    for (const [body, message] of cases) {
      expect(await client.report(body), JSON.stringify(body)).toMatchObject({
        statusCode: 400,
        body: { status: 'error', message },
      });
    }
    // Up to 2,000 characters of details, trimmed; empty optional fields are no fields.
    const accepted = await client.report({
      code: fileId,
      reason: 'other',
      details: ` ${'y'.repeat(2000)} `,
      email: '',
      key: '',
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('answers 404 for an unknown or expired link and 410 once the file was removed', async () => {
    const unknown = await client.report({ code: 'abcdefghij12', reason: 'spam' });
    expect(unknown).toMatchObject({
      statusCode: 404,
      body: { status: 'error', message: 'File not found or has expired.' },
    });

    const { fileId } = await client.upload();
    const { token } = await client.admin();
    await client.call('POST', `/api/admin/files/${fileId}/removal`, {
      token,
      body: { reason: 'illegal' },
    });
    expect(await client.report({ code: fileId, reason: 'spam' })).toMatchObject({
      statusCode: 410,
      body: { status: 'error', message: 'This file was removed for violating the terms of use.' },
    });

    const { fileId: later } = await client.upload();
    server.clock.advance(25 * 60 * 60 * 1000);
    expect((await client.report({ code: later, reason: 'spam' })).statusCode).toBe(404);
  });

  it('refuses a key for a plain file, which needs none', async () => {
    const { fileId } = await client.upload();
    expect(await client.report({ code: fileId, reason: 'spam', key: LINK_KEY })).toMatchObject({
      statusCode: 400,
      body: { message: 'key: this file is not encrypted, so no key is needed to open it' },
    });
  });

  it('keeps an included key sealed at rest, and opens it for an admin only', async () => {
    const { fileId } = await client.upload({ isEncrypted: true });
    // With '#' and in any order: the key is stored in one canonical form.
    const [key, iv] = LINK_KEY.split('&');
    const sent = await client.report({
      code: fileId,
      reason: 'illegal',
      details: 'Look at the second page.',
      email: 'reporter@example.org',
      key: `#${iv}&${key}`,
    });
    expect(sent.statusCode).toBe(200);

    const stored = await databaseText(server.db);
    expect(stored).toContain('reporter@example.org');
    for (const part of [LINK_KEY, key?.slice(4) ?? '', iv?.slice(3) ?? ''])
      expect(stored).not.toContain(part);

    const { token } = await client.admin();
    const group = await client.call('GET', `/api/admin/reports/${fileId}`, { token });
    expect(group.body.data).toMatchObject({
      group: {
        keyIncluded: true,
        key: LINK_KEY,
        reports: [
          {
            reason: 'illegal',
            details: 'Look at the second page.',
            reporterEmail: 'reporter@example.org',
            keyIncluded: true,
            key: LINK_KEY,
            status: 'open',
          },
        ],
      },
    });
  });
});

describeEachDatabase('reports per address', (createDatabase) => {
  let client: ModerationClient;
  serverPerTest(
    createDatabase,
    { env: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_REPORTS_PER_MINUTE: '2' } },
    (started) => {
      client = moderationClient(started);
    },
  );

  it('are rate-limited: past the limit one address gets 429, another still reports', async () => {
    const { fileId } = await client.upload();
    const statuses = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push(
        (await client.report({ code: fileId, reason: 'spam' }, { ip: '203.0.113.5' })).statusCode,
      );
    expect(statuses).toEqual([200, 200, 429]);
    const other = await client.report({ code: fileId, reason: 'spam' }, { ip: '203.0.113.6' });
    expect(other.statusCode).toBe(200);
  });
});
