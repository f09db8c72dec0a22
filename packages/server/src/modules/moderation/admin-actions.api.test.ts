import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import type { TestServer } from '../../testing/test-server';
import {
  ADMIN_EMAIL,
  LINK_KEY,
  type ModerationClient,
  moderationServerPerTest,
} from './moderation.test-client';

const HOUR_MS = 60 * 60 * 1000;
// biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field below
type Data = Record<string, any>;

describeEachDatabase('moderating reported files', (createDatabase) => {
  let server: TestServer;
  let client: ModerationClient;
  let admin: { token: string; id: string };
  moderationServerPerTest(
    createDatabase,
    { PUBLIC_URL: 'https://sealdrop.test', TRUST_PROXY: '1' },
    async (started, startedClient) => {
      server = started;
      client = startedClient;
      admin = await client.admin();
    },
  );
  const get = async (url: string) =>
    (await client.call('GET', url, { token: admin.token })).body.data as Data;
  const act = (method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown = {}) =>
    client.call(method, url, { token: admin.token, body });

  it('lists open reports first, the file reported longest ago first, with what a moderator needs', async () => {
    const ada = await client.signUp('ada@example.com');
    const older = await client.upload(
      { size: 1234, isEncrypted: true, downloadLimit: 5 },
      { token: ada.token },
    );
    const newer = await client.upload({}, { ip: '203.0.113.9' });
    const closed = await client.upload();
    await client.report({ code: closed.fileId, reason: 'other' });
    server.clock.advance(1000);
    await client.report({
      code: older.fileId,
      reason: 'malware',
      details: 'Phishing page',
      key: LINK_KEY,
      email: 'r@example.org',
    });
    server.clock.advance(1000);
    await client.report({ code: newer.fileId, reason: 'spam' });
    server.clock.advance(1000);
    await client.report({ code: older.fileId, reason: 'copyright' }, { ip: '198.51.100.4' });
    await client.call('GET', `/api/files/${older.fileId}/download`);
    await act('POST', `/api/admin/reports/${closed.fileId}/dismissal`);

    const open = (await get('/api/admin/reports')).groups as Data[];
    expect(open.map((group) => group.fileId)).toEqual([older.fileId, newer.fileId]);
    expect(open[0]).toMatchObject({
      link: `https://sealdrop.test/s/${older.fileId}`,
      reportCount: 2,
      openCount: 2,
      reasons: { malware: 1, copyright: 1 },
      keyIncluded: true,
      key: LINK_KEY,
      file: {
        status: 'ready',
        size: 1234,
        isEncrypted: true,
        originalName: null,
        downloads: 1,
        downloadLimit: 5,
        ageSeconds: 3,
        uploader: {
          accountId: ada.id,
          email: 'ada@example.com',
          label: 'ada@example.com',
          suspended: false,
        },
        openReports: 2,
        totalReports: 2,
      },
    });
    expect(open[0]?.file.uploader.addressHash).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(open[1]?.file.uploader).toMatchObject({
      accountId: null,
      email: null,
      label: 'Anonymous',
    });
    expect(open[1]?.file.uploader.addressHash).not.toBe(open[0]?.file.uploader.addressHash);

    const all = (await get('/api/admin/reports?status=all')).groups as Data[];
    expect(all.map((group) => group.fileId)).toEqual([older.fileId, newer.fileId, closed.fileId]);
    const onlyClosed = (await get('/api/admin/reports?status=closed')).groups as Data[];
    expect(onlyClosed).toHaveLength(1);
    expect(onlyClosed[0]).toMatchObject({ openCount: 0, reports: [{ status: 'dismissed' }] });
  });

  it('removes a file: the object goes at once, the row stays a tombstone, reports and keys close', async () => {
    const { fileId, plan } = await client.upload({ isEncrypted: true });
    await client.report({ code: fileId, reason: 'illegal', key: LINK_KEY });
    expect(await server.storage.head(plan.objectKey)).not.toBeNull();

    const removed = await act('POST', `/api/admin/files/${fileId}/removal`, {
      reason: 'illegal',
      note: 'Confirmed with the key.',
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.body.data).toMatchObject({
      file: { fileId, status: 'removed', removedReason: 'terms', openReports: 0, totalReports: 1 },
      audit: [
        {
          action: 'file.removed',
          actor: { accountId: admin.id, label: ADMIN_EMAIL },
          fileId,
          reason: 'illegal',
          note: 'Confirmed with the key.',
        },
      ],
    });
    expect(await server.storage.head(plan.objectKey)).toBeNull();
    const group = (await get(`/api/admin/reports/${fileId}`)).group as Data;
    expect(group).toMatchObject({ openCount: 0, key: null, keyIncluded: true });
    expect(group.reports[0]).toMatchObject({ status: 'removed', key: null, keyIncluded: true });
    const row = await server.db.selectFrom('reports').select('key_box').executeTakeFirstOrThrow();
    expect(row.key_box).toBeNull();

    // Removing again changes nothing and writes no second audit entry.
    const again = await act('POST', `/api/admin/files/${fileId}/removal`, { reason: 'spam' });
    expect(again.body.data).toMatchObject({ audit: [] });
    expect(((await get('/api/admin/audit')).entries as Data[]).length).toBe(1);
  });

  it("dismisses a file's reports: the file stays, the reports close and their keys go", async () => {
    const { fileId, bytes } = await client.upload({ isEncrypted: true });
    await client.report({ code: fileId, reason: 'spam', key: LINK_KEY });
    const dismissed = await act('POST', `/api/admin/reports/${fileId}/dismissal`, {
      note: 'Harmless.',
    });
    expect(dismissed.body.data).toMatchObject({
      file: { status: 'ready', openReports: 0 },
      audit: [{ action: 'reports.dismissed', fileId, note: 'Harmless.' }],
    });
    expect((await get(`/api/admin/reports/${fileId}`)).group).toMatchObject({
      openCount: 0,
      key: null,
      reports: [{ status: 'dismissed', key: null }],
    });
    const boxes = await server.db.selectFrom('reports').select('key_box').execute();
    expect(boxes).toEqual([{ key_box: null }]);
    const redirect = await client.call('GET', `/api/files/${fileId}/download`);
    expect(redirect.statusCode).toBe(302);
    expect(bytes.length).toBeGreaterThan(0);
    // Nothing left to dismiss.
    const nothing = await act('POST', `/api/admin/reports/${fileId}/dismissal`);
    expect(nothing).toMatchObject({
      statusCode: 404,
      body: { message: 'No reports name this file' },
    });
  });

  it('blocks an uploader: the account is suspended and the address barred, both audited and listed', async () => {
    const bob = await client.signUp('bob@example.com');
    const { fileId } = await client.upload(
      {},
      { token: bob.token, ip: '127.0.0.1', headers: { 'x-forwarded-for': '2001:db8:1:2::5' } },
    );
    const blocked = await act('POST', `/api/admin/files/${fileId}/uploader-block`, {
      suspendAccount: true,
      blockAddressDays: 7,
      note: 'Repeated malware.',
    });
    expect(blocked.statusCode).toBe(200);
    const until = new Date(server.clock.now().getTime() + 7 * 24 * HOUR_MS).toISOString();
    expect(blocked.body.data).toMatchObject({
      file: { uploader: { suspended: true, addressBlockedUntil: until } },
      audit: [
        { action: 'account.suspended', accountId: bob.id, fileId },
        { action: 'address.blocked', fileId, until, note: 'Repeated malware.' },
      ],
    });
    const blocks = await get('/api/admin/blocks');
    expect(blocks.accounts).toEqual([
      {
        accountId: bob.id,
        email: 'bob@example.com',
        suspendedAt: server.clock.now().toISOString(),
      },
    ]);
    expect(blocks.addresses).toHaveLength(1);
    expect(await get('/api/admin/overview')).toMatchObject({
      blockedAddresses: 1,
      suspendedAccounts: 1,
    });

    const hash = blocks.addresses[0].addressHash as string;
    expect(
      (await act('DELETE', `/api/admin/accounts/${bob.id}/suspension`)).body.data,
    ).toMatchObject({
      audit: [{ action: 'account.unsuspended', accountId: bob.id }],
    });
    expect((await act('DELETE', `/api/admin/address-blocks/${hash}`)).body.data).toMatchObject({
      audit: [{ action: 'address.unblocked', addressHash: hash }],
    });
    expect(await get('/api/admin/blocks')).toEqual({ addresses: [], accounts: [] });
    // Lifting what is not in force writes nothing.
    expect((await act('DELETE', `/api/admin/address-blocks/${hash}`)).body.data).toMatchObject({
      audit: [],
    });
    const blockedAgain = await act('PUT', `/api/admin/address-blocks/${hash}`, { days: 1 });
    expect(blockedAgain.body.data).toMatchObject({
      audit: [{ action: 'address.blocked', addressHash: hash }],
    });
  });

  it('refuses what cannot be done: no account to suspend, an admin, an unknown file or account', async () => {
    const { fileId } = await client.upload();
    const cases: [string, string, unknown, number, string][] = [
      [
        'POST',
        `/api/admin/files/${fileId}/uploader-block`,
        { suspendAccount: true },
        400,
        'This file was uploaded without an account: there is no account to suspend',
      ],
      [
        'POST',
        `/api/admin/files/${fileId}/uploader-block`,
        {},
        400,
        'choose suspendAccount, blockAddressDays or both',
      ],
      [
        'PUT',
        `/api/admin/accounts/${admin.id}/suspension`,
        {},
        400,
        'An administrator cannot be suspended; remove the address from ADMIN_EMAILS first',
      ],
      [
        'PUT',
        '/api/admin/accounts/00000000-0000-4000-8000-000000000000/suspension',
        {},
        404,
        'No such account',
      ],
      ['POST', '/api/admin/files/abcdefghij12/removal', { reason: 'spam' }, 404, 'No such file'],
      [
        'POST',
        `/api/admin/files/${fileId}/removal`,
        { reason: 'terms' },
        400,
        'reason: must be one of malware, illegal, copyright, spam, other',
      ],
      [
        'PUT',
        '/api/admin/address-blocks/bad',
        { days: 1 },
        400,
        'addressHash: must be an address hash',
      ],
      [
        'PUT',
        '/api/admin/address-blocks/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        { days: 0 },
        400,
        'days: Too small: expected number to be >=1',
      ],
    ];
    for (const [method, url, body, status, message] of cases) {
      const answer = await act(method as 'POST', url, body);
      expect(answer, `${method} ${url}`).toMatchObject({ statusCode: status, body: { message } });
    }
  });

  it('finds files by link, short code, file id or account email, tombstones included', async () => {
    const cy = await client.signUp('cy@example.com');
    const first = await client.upload({}, { token: cy.token });
    server.clock.advance(1000);
    const second = await client.upload({}, { token: cy.token });
    await act('POST', `/api/admin/files/${first.fileId}/removal`, { reason: 'spam' });
    const ids = async (q: string) =>
      ((await get(`/api/admin/files?q=${encodeURIComponent(q)}`)).files as Data[]).map(
        (file) => file.fileId,
      );
    expect(await ids('CY@example.com')).toEqual([second.fileId, first.fileId]);
    expect(await ids(first.fileId)).toEqual([first.fileId]);
    expect(await ids(`https://sealdrop.test/s/${second.fileId}#${LINK_KEY}`)).toEqual([
      second.fileId,
    ]);
    expect(await ids(`http://localhost/download/${second.fileId}`)).toEqual([second.fileId]);
    expect(await ids('nobody@example.com')).toEqual([]);
    expect(await ids('nothing here')).toEqual([]);
    expect((await get(`/api/admin/files/${first.fileId}`)).file).toMatchObject({
      status: 'removed',
    });
  });

  it('tells a file the malware scanner holds from one still uploading', async () => {
    const held = await client.upload();
    await server.db
      .updateTable('files')
      .set({ status: 'scanning' })
      .where('id', '=', held.fileId)
      .execute();
    const pending = await client.presign({});
    const pendingId = (pending.body.data as Data).slug as string;
    expect((await get(`/api/admin/files/${held.fileId}`)).file).toMatchObject({
      status: 'scanning',
    });
    expect((await get(`/api/admin/files/${pendingId}`)).file).toMatchObject({
      status: 'uploading',
    });
  });

  it('sums up the instance: storage, live files, the last 24 h, open reports', async () => {
    const a = await client.upload({ size: 100 });
    await client.upload({ size: 50 });
    await client.report({ code: a.fileId, reason: 'spam' });
    await client.report({ code: a.fileId, reason: 'other' });
    const overview = await get('/api/admin/overview');
    expect(overview).toEqual({
      storageUsedBytes: 150,
      storageMaxBytes: null,
      liveFiles: 2,
      last24h: { uploads: 2, bytes: 150 },
      openReports: 2,
      openReportedFiles: 1,
      blockedAddresses: 0,
      suspendedAccounts: 0,
    });
    await act('POST', `/api/admin/files/${a.fileId}/removal`, { reason: 'spam' });
    expect(await get('/api/admin/overview')).toMatchObject({
      storageUsedBytes: 50,
      liveFiles: 1,
      openReports: 0,
    });
  });

  it('keeps every action in the audit log, newest first, a page at a time', async () => {
    for (let i = 0; i < 3; i += 1) {
      const { fileId } = await client.upload();
      await act('POST', `/api/admin/files/${fileId}/removal`, { reason: 'spam' });
      server.clock.advance(1000);
    }
    const first = await get('/api/admin/audit?limit=2');
    expect(first.entries).toHaveLength(2);
    expect(first.next).toBe(first.entries[1].id);
    const rest = await get(`/api/admin/audit?limit=2&before=${first.next}`);
    expect(rest.entries).toHaveLength(1);
    expect(rest.next).toBeNull();
    const times = [...first.entries, ...rest.entries].map((entry: Data) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
  });
});
