/**
 * `sealdrop login` and `logout` against a real server: the session token is kept 0600 in the
 * config directory, sends carry it (the file is the account's), and logout revokes it.
 */
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { linkOf, runCli, startTestServer, type TestServer, tempDir } from './support/cli';

let server: TestServer;
let work: string;
const email = 'cli-user@example.com';
const password = 'a long and unguessable password';

beforeAll(async () => {
  server = await startTestServer();
  work = tempDir();
  const registered = await fetch(`${server.origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(registered.status).toBeLessThan(300);
});
afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, { env: { ...server.cliEnv, ...env }, cwd: work });

it('signs in, sends as the account, and signs out for good', async () => {
  const refused = await cli(['login', '--email', email], { SEALDROP_PASSWORD: 'wrong' });
  expect(refused.code).not.toBe(0);

  const login = await cli(['login', '--email', email], { SEALDROP_PASSWORD: password });
  expect(login.code).toBe(0);
  expect(login.stderr).toContain(`Signed in to ${server.origin} as ${email}.`);
  const sessionFile = join(server.cliEnv.SEALDROP_CONFIG_DIR!, 'session.json');
  expect(statSync(sessionFile).mode & 0o777).toBe(0o600);
  const { token } = JSON.parse(readFileSync(sessionFile, 'utf8'));
  expect(login.stdout + login.stderr).not.toContain(token);

  writeFileSync(join(work, 'mine.txt'), 'mine\n');
  const sent = await cli(['send', join(work, 'mine.txt')]);
  expect(sent.code).toBe(0);
  const fileId = new URL(linkOf(sent.stdout)).pathname.split('/').at(-1);
  const auth = { authorization: `Bearer ${token}` };
  const mine = await (await fetch(`${server.origin}/api/files/my-files`, { headers: auth })).json();
  expect(JSON.stringify(mine.data.items)).toContain(fileId);

  const logout = await cli(['logout']);
  expect(logout.code).toBe(0);
  expect(() => statSync(sessionFile)).toThrow();
  expect((await fetch(`${server.origin}/api/auth/me`, { headers: auth })).status).toBe(401);
});
