/** Helpers shared by the moderation API tests: accounts, admins, uploads from an address, reports. */
import { randomBytes } from 'node:crypto';
import type { PresignResponse } from '@sealdrop/core/api-schemas';
import { buildFragment } from '@sealdrop/core/crypto/fragment';
import type { TestDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';
import { describedAs, pathOf } from '../../testing/upload-helpers';
import { createFilesRepository } from '../files/files.repository';
import { createRewardsRepository } from '../ledger/rewards.repository';
import { createShortLinksRepository } from '../short-links/short-links.repository';
import { createModerationDeps } from './moderation.deps';

export const ADMIN_EMAIL = 'moderator@example.com';
export const PASSWORD = 'Correct-Horse-9';
/** A link key as the download page has it (`key=…&iv=…`). */
export const LINK_KEY = buildFragment({
  rawKey: new Uint8Array(32).fill(7),
  iv: new Uint8Array(12).fill(9),
});

/**
 * The moderation suites' set-up: a fresh server per test whose admin is ADMIN_EMAIL, without
 * rate limits, plus `env`; `onStart` gets each server and a moderation client for it.
 */
export function moderationServerPerTest(
  createDatabase: () => Promise<TestDatabase>,
  env: Record<string, string>,
  onStart: (server: TestServer, client: ModerationClient) => void | Promise<void>,
) {
  serverPerTest(
    createDatabase,
    { env: { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_ENABLED: 'false', ...env } },
    (server) => onStart(server, moderationClient(server)),
  );
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** The client's address (the socket's). */
  ip?: string;
  headers?: Record<string, string>;
}

export function moderationClient(server: TestServer) {
  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    url: string,
    options: CallOptions = {},
  ) {
    const response = await server.app.inject({
      method,
      url,
      remoteAddress: options.ip ?? '127.0.0.1',
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    let body: { status: string; data?: unknown; message?: string } & Record<string, unknown>;
    try {
      body = response.json();
    } catch {
      body = { status: 'none', raw: response.body };
    }
    return {
      statusCode: response.statusCode,
      body,
      headers: response.headers,
      text: response.body,
    };
  }

  async function signUp(email: string): Promise<{ token: string; id: string }> {
    const { body, statusCode } = await call('POST', '/api/auth/register', {
      body: { email, password: PASSWORD },
    });
    if (statusCode !== 200) throw new Error(`sign-up failed: ${JSON.stringify(body)}`);
    const data = body.data as { token: string; user: { id: string } };
    return { token: data.token, id: data.user.id };
  }

  /** An account whose address counts as proven (the verification flow has tests of its own). */
  async function verify(email: string): Promise<void> {
    await server.db
      .updateTable('users')
      .set({ email_verified: 1 })
      .where('email', '=', email)
      .execute();
  }

  /** A verified account in ADMIN_EMAILS (the server must list ADMIN_EMAIL). */
  async function admin(): Promise<{ token: string; id: string }> {
    const account = await signUp(ADMIN_EMAIL);
    await verify(ADMIN_EMAIL);
    return account;
  }

  async function presign(
    input: { size?: number; isEncrypted?: boolean; metadata?: string; downloadLimit?: number },
    options: CallOptions = {},
  ) {
    const isEncrypted = input.isEncrypted ?? false;
    const described =
      isEncrypted && input.metadata
        ? { encryptedMetadata: input.metadata }
        : describedAs({ isEncrypted, filename: 'report.pdf' });
    return call('POST', '/api/upload/presign', {
      ...options,
      body: {
        ...described,
        size: input.size ?? 10,
        isEncrypted,
        ...(input.downloadLimit ? { downloadLimit: input.downloadLimit } : {}),
      },
    });
  }

  /** Presign, PUT, finalize: a finished upload from `options.ip` (as `options.token`). */
  async function upload(
    input: { size?: number; isEncrypted?: boolean; downloadLimit?: number } = {},
    options: CallOptions = {},
  ) {
    const presigned = await presign(input, options);
    if (presigned.statusCode !== 200)
      throw new Error(`presign failed: ${presigned.statusCode} ${JSON.stringify(presigned.body)}`);
    const plan = presigned.body.data as PresignResponse;
    const bytes = randomBytes(plan.objectSize);
    const put = await server.app.inject({
      method: 'PUT',
      url: pathOf(plan.uploadUrl ?? ''),
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
    if (put.statusCode !== 200) throw new Error(`PUT failed: ${put.statusCode}`);
    const finalized = await call('POST', '/api/upload/finalize', {
      body: { objectKey: plan.objectKey, slug: plan.slug },
    });
    if (finalized.statusCode !== 200) throw new Error('finalize failed');
    return { fileId: plan.slug, plan, bytes };
  }

  async function report(body: Record<string, unknown>, options: CallOptions = {}) {
    return call('POST', '/api/reports', { ...options, body });
  }

  return { call, signUp, verify, admin, presign, upload, report };
}

export type ModerationClient = ReturnType<typeof moderationClient>;

/** The moderation use cases' dependencies on a test server's database and storage. */
export function moderationDepsOf(server: TestServer) {
  const { db } = server;
  return createModerationDeps({
    db,
    secret: server.secret,
    files: createFilesRepository({ db }),
    shortLinks: createShortLinksRepository({ db }),
    storage: server.storage,
    rewards: createRewardsRepository({ db }),
    adminEmails: server.config.ADMIN_EMAILS,
  });
}
