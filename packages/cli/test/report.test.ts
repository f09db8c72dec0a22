/**
 * `sealdrop report` against a real server: the report reaches the link's moderators, the key goes
 * with it only with --include-key (for a protected link, the key the passphrase opens), and a link
 * that a moderator removed answers `sealdrop get` with the removal message and exit code 3.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fragmentParams } from '@sealdrop/core/crypto/fragment';
import { beforeAll, expect, it } from 'vitest';
import { linkOf, runCli, type TestServer, withServerAndWorkDir } from './support/cli';

const ADMIN = 'moderator@example.com';
const PASSWORD = 'a long and unguessable password';

let server: TestServer;
let work: string;
let adminToken = '';
withServerAndWorkDir(
  (started, dir) => {
    server = started;
    work = dir;
  },
  { ADMIN_EMAILS: ADMIN, LOG_LEVEL: 'info' },
);

const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, { env: { ...server.cliEnv, ...env }, cwd: work });

async function api(method: string, path: string, body?: unknown, token = adminToken) {
  const response = await fetch(`${server.origin}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** An admin: registered, and verified through the link the server logged (no SMTP_URL). */
beforeAll(async () => {
  const registered = await api('POST', '/auth/register', { email: ADMIN, password: PASSWORD }, '');
  adminToken = registered.body.data.token;
  // The mail is logged just after registration answers.
  const mailed = () => /\/verify-email#token=([A-Za-z0-9_-]+)/.exec(server.logs.join(''))?.[1];
  for (let i = 0; i < 100 && !mailed(); i += 1) await new Promise((done) => setTimeout(done, 100));
  const verified = await api('POST', '/auth/verify-email', { token: mailed() }, '');
  if (verified.status !== 200) throw new Error(`could not verify the admin: ${verified.status}`);
});

async function send(name: string, extra: string[] = [], env: Record<string, string> = {}) {
  writeFileSync(join(work, name), `${name} contents\n`);
  const sent = await cli(['send', join(work, name), ...extra], env);
  expect(sent.code, sent.stderr).toBe(0);
  const link = linkOf(sent.stdout);
  return { link, code: new URL(link).pathname.split('/').at(-1) ?? '' };
}

it('reports a link without its key unless asked, and with it when asked', async () => {
  const { link, code } = await send('phish.html');
  const plain = await cli([
    'report',
    link,
    '--reason',
    'malware',
    '--details',
    'A fake bank login.',
  ]);
  expect(plain.code, plain.stderr).toBe(0);
  expect(plain.stdout).toBe('Thank you. A moderator will look at this link.\n');

  const withKey = await cli([
    'report',
    link,
    '-r',
    'illegal',
    '--include-key',
    '--email',
    'me@example.org',
  ]);
  expect(withKey.code, withKey.stderr).toBe(0);

  const group = (await api('GET', `/admin/reports/${code}`)).body.data.group;
  expect(group.reports).toMatchObject([
    { reason: 'malware', details: 'A fake bank login.', keyIncluded: false, key: null },
    { reason: 'illegal', reporterEmail: 'me@example.org', keyIncluded: true },
  ]);
  const sent = fragmentParams(new URL(link).hash);
  const included = fragmentParams(group.reports[1].key);
  expect([included.get('key'), included.get('iv')]).toEqual([sent.get('key'), sent.get('iv')]);
  // The key is in no log line of the server.
  expect(server.logs.join('')).not.toContain(sent.get('key'));
});

it('sends the key a passphrase opens, not the wrapped one, for a protected link', async () => {
  const env = { SEALDROP_PASSPHRASE: 'correct horse battery' };
  const { link, code } = await send('secret.txt', ['--passphrase'], env);
  const reported = await cli(['report', link, '--reason', 'spam', '--include-key'], env);
  expect(reported.code, reported.stderr).toBe(0);
  const group = (await api('GET', `/admin/reports/${code}`)).body.data.group;
  expect(group.key).toMatch(/^key=[A-Za-z0-9_-]{43}&iv=[A-Za-z0-9_-]{16}$/);
  expect(new URL(link).hash).not.toContain(group.key.slice(4, 47));
});

it('refuses a missing or unknown reason, a link without its key for --include-key, and an unknown link', async () => {
  const { link } = await send('other.txt');
  expect((await cli(['report', link])).code).toBe(2);
  const wrong = await cli(['report', link, '--reason', 'ugly']);
  expect(wrong.code).toBe(2);
  expect(wrong.stderr).toContain('malware, illegal, copyright, spam, other');
  const keyless = await cli(['report', link.split('#')[0] ?? '', '-r', 'spam', '--include-key']);
  expect(keyless).toMatchObject({
    code: 2,
    stderr: '--include-key needs the whole link, with its #key.\n',
  });
  const unknown = await cli(['report', `${server.origin}/s/abcdefghij12`, '-r', 'spam']);
  expect(unknown).toMatchObject({ code: 3, stderr: 'File not found or has expired.\n' });
});

it('gets the removal message and exit code 3 for a link a moderator removed', async () => {
  const { link, code } = await send('removed.txt');
  expect((await api('POST', `/admin/files/${code}/removal`, { reason: 'copyright' })).status).toBe(
    200,
  );
  const got = await cli(['get', link, '-o', join(work, 'out.txt')]);
  expect(got).toMatchObject({
    code: 3,
    stderr: 'This file was removed for violating the terms of use.\n',
  });
  const reported = await cli(['report', link, '-r', 'spam']);
  expect(reported.code).toBe(3);
});
