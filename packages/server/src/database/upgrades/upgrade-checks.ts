/**
 * What today's build must still do with a database written by an older one, through the real
 * routes: every link resolves and downloads the very bytes (and decrypts with its fragment to the
 * very plaintext), expired ones stay gone, accounts sign in with the same balance, wallet, files
 * and feedback, and a stored server secret is kept.
 */

import { parseFragment } from '@sealdrop/core/crypto/fragment';
import { importKey } from '@sealdrop/core/crypto/key-material';
import { openMetadata } from '@sealdrop/core/crypto/metadata-record';
import { decryptBytes } from '@sealdrop/core/crypto/record-cipher';
import { expect } from 'vitest';
import { resolveServerSecret } from '../../config/server-secret';
import { createTokenService } from '../../modules/auth/auth.tokens';
import type { TestServer } from '../../testing/test-server';
import { api, downloadBytes } from '../../testing/upload-helpers';
import {
  type AccountExpectation,
  type Expectations,
  type FileExpectation,
  sha256,
} from './fill-context';

async function checkReadyFile(server: TestServer, file: FileExpectation): Promise<void> {
  const about = `${file.label} (${file.code})`;
  const resolved = await api<{ fileId: string }>(server, 'GET', `/api/s/${file.code}`);
  expect(resolved.statusCode, about).toBe(200);
  expect(resolved.body.data.fileId, about).toBe(file.fileId);
  const info = await api<Record<string, unknown>>(server, 'GET', `/api/files/${file.fileId}/info`);
  expect(info.body.data, about).toMatchObject({
    fileId: file.fileId,
    originalName: file.originalName,
    size: file.size,
    isEncrypted: file.isEncrypted,
    status: file.state === 'uploading' ? 'uploading' : 'ready',
    downloadsLeft: file.downloadsLeft,
  });
  const download = await downloadBytes(server, file.fileId);
  if (file.state === 'uploading') {
    expect(download.statusCode, about).toBe(409);
    return;
  }
  expect(download.statusCode, about).toBe(200);
  expect(sha256(download.bytes), about).toBe(file.storedSha256);
  if (file.fragment) await checkDecrypts(file, download.bytes, info.body.data, about);
  if (file.downloadsLeft !== null) {
    const after = await api<{ downloadsLeft: number }>(
      server,
      'GET',
      `/api/files/${file.fileId}/info`,
    );
    expect(after.body.data.downloadsLeft, about).toBe(file.downloadsLeft - 1);
  }
}

async function checkDecrypts(
  file: FileExpectation,
  stored: Uint8Array,
  info: Record<string, unknown>,
  about: string,
): Promise<void> {
  const secrets = parseFragment(file.fragment ?? '');
  if (!secrets) throw new Error(`${about}: unreadable fragment`);
  const plain = await decryptBytes(await importKey(secrets.rawKey), secrets.iv, stored);
  expect(sha256(plain), about).toBe(file.plainSha256);
  if (!file.sealedFiles) return;
  const record = await openMetadata(String(info.encryptedMetadata), secrets.rawKey);
  let offset = 0;
  const opened = record.files.map((entry) => {
    const bytes = plain.subarray(offset, offset + entry.size);
    offset += entry.size;
    return { path: entry.path, size: entry.size, sha256: sha256(bytes) };
  });
  expect(opened, about).toEqual(file.sealedFiles);
}

/** Expired (404) or taken down (410): every read path says so. */
async function checkGoneFile(server: TestServer, file: FileExpectation): Promise<void> {
  const about = `${file.label} (${file.code})`;
  const status = file.state === 'removed' ? 410 : 404;
  expect((await api(server, 'GET', `/api/s/${file.code}`)).statusCode, about).toBe(status);
  expect((await api(server, 'GET', `/api/files/${file.fileId}/info`)).statusCode, about).toBe(
    status,
  );
  expect((await downloadBytes(server, file.fileId)).statusCode, about).toBe(status);
}

async function signedIn(server: TestServer, token: string, url: string) {
  const response = await server.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
  });
  return { statusCode: response.statusCode, data: response.json().data };
}

/** A session signed in before the upgrade still counts, and refreshes into a new one. */
async function checkSession(server: TestServer, account: AccountExpectation): Promise<void> {
  if (!account.session) return;
  const about = `${account.email}'s session from before the upgrade`;
  const token = await createTokenService({ secret: server.secret }).sign(account.session);
  const me = await signedIn(server, token, '/api/auth/me');
  expect(me.statusCode, about).toBe(200);
  expect(me.data.user.email, about).toBe(account.email);
  const refreshed = await server.app.inject({
    method: 'POST',
    url: '/api/auth/refresh-token',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refreshed.statusCode, about).toBe(200);
  const renewed = await signedIn(server, refreshed.json().data.token, '/api/auth/me');
  expect(renewed.statusCode, about).toBe(200);
}

async function checkAccount(server: TestServer, account: AccountExpectation): Promise<string> {
  const about = account.email;
  await checkSession(server, account);
  const login = await api<{ token: string }>(server, 'POST', '/api/auth/login', {
    email: account.email,
    password: account.password,
  });
  expect(login.statusCode, about).toBe(200);
  const { token } = login.body.data;
  const me = await signedIn(server, token, '/api/auth/me');
  expect(me.data.user, about).toMatchObject({
    email: account.email,
    prickoBalance: account.balance,
    solanaWallet: account.wallet,
    emailVerified: account.emailVerified,
    tier: { name: account.tier },
  });
  const history = await signedIn(server, token, '/api/auth/balance-history?limit=100');
  expect(history.data.entries, about).toHaveLength(account.ledgerEntries);
  expect(history.data.balance, about).toBe(account.balance);
  const mine = await signedIn(server, token, '/api/files/my-files?page=1&limit=50');
  const listed = (mine.data.items as { fileId: string }[]).map((item) => item.fileId);
  expect(listed.sort(), about).toEqual([...account.fileIds].sort());
  const feedback = await signedIn(server, token, '/api/feedback/my?limit=50');
  const ids = (feedback.data.items as { id: string }[]).map((item) => item.id);
  expect(ids.sort(), about).toEqual([...account.feedbackIds].sort());
  return token;
}

export async function checkUpgraded(server: TestServer, expected: Expectations): Promise<void> {
  for (const file of expected.files) {
    if (file.state === 'gone' || file.state === 'removed') await checkGoneFile(server, file);
    else await checkReadyFile(server, file);
  }
  for (const account of expected.accounts) {
    const token = await checkAccount(server, account);
    if (!expected.admins.includes(account.email)) continue;
    const stats = await signedIn(server, token, '/api/feedback/stats');
    expect(stats.statusCode, account.email).toBe(200);
    expect(stats.data.total, account.email).toBe(expected.feedbackCount);
  }
  if (expected.storedSecret) {
    expect(await resolveServerSecret({ db: server.db })).toBe(expected.storedSecret);
  }
}
