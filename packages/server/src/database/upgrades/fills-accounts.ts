/**
 * Accounts, sessions, the reward ledger, wallet links, feedback and settings as the builds of each
 * past state wrote them (the columns of that state only).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import {
  type AccountExpectation,
  DAY,
  type FillContext,
  HOUR,
  insert,
  type PastDatabase,
} from './fill-context';
import { writePastFile } from './fills-files';

/** A Solana address (base58 of 32 bytes), as a linked wallet is stored. */
export const ALICE_WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

const uuid = (ctx: FillContext) => {
  const hex = ctx.bytes(16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

function account(ctx: FillContext, email: string): AccountExpectation {
  const found = ctx.expected.accounts.find((entry) => entry.email === email);
  if (!found) throw new Error(`no account ${email} was written before this state`);
  return found;
}

async function userId(db: PastDatabase, email: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`select id from users where email = ${email}`.execute(
    db,
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`no user row for ${email}`);
  return id;
}

async function credit(
  db: PastDatabase,
  ctx: FillContext,
  input: { userId: string; email: string; amount: number; reason: string; reference: string },
) {
  await insert(db, 'ledger_entries', {
    id: uuid(ctx),
    user_id: input.userId,
    amount: input.amount,
    reason: input.reason,
    reference: input.reference,
    created_at: ctx.now - HOUR / 2,
  });
  const expectation = account(ctx, input.email);
  expectation.balance += input.amount;
  expectation.ledgerEntries += 1;
}

/** 0002: a free account with a linked wallet and rewards, a premium one, both owning a file. */
export async function accounts(db: PastDatabase, ctx: FillContext): Promise<void> {
  const people = [
    { email: 'alice@example.com', password: 'Alice-upgrade-1', tier: 'free', wallet: ALICE_WALLET },
    { email: 'bob@example.com', password: 'Bob-upgrade-22', tier: 'premium', wallet: null },
  ];
  for (const person of people) {
    const id = uuid(ctx);
    await insert(db, 'users', {
      id,
      email: person.email,
      password_hash: await ctx.passwordHash(person.password),
      tier: person.tier,
      solana_wallet: person.wallet,
      oidc_subject: null,
      created_at: ctx.now - 10 * DAY,
      updated_at: ctx.now - 10 * DAY,
    });
    const session = { userId: id, sessionId: uuid(ctx), expiresAt: ctx.now + 6 * DAY };
    await insert(db, 'sessions', {
      id: session.sessionId,
      user_id: id,
      created_at: ctx.now - HOUR,
      expires_at: session.expiresAt,
      revoked_at: null,
    });
    const owned = await writePastFile(db, ctx, {
      label: `file owned by ${person.email}`,
      name: `${person.email.split('@')[0]}'s report.pdf`,
      contentType: 'application/pdf',
      plaintext: ctx.bytes(1500),
      isEncrypted: person.tier === 'premium',
      ownerId: id,
    });
    ctx.expected.accounts.push({
      email: person.email,
      password: person.password,
      session,
      balance: 0,
      ledgerEntries: 0,
      wallet: person.wallet,
      tier: person.tier,
      emailVerified: false,
      fileIds: [owned.fileId],
      feedbackIds: [],
    });
  }
  const alice = await userId(db, 'alice@example.com');
  const [owned] = account(ctx, 'alice@example.com').fileIds;
  const reward = { userId: alice, email: 'alice@example.com', reason: 'upload_reward' };
  await credit(db, ctx, { ...reward, amount: 10, reference: owned ?? '' });
  await credit(db, ctx, { ...reward, amount: 12, reference: ctx.id(12) });
  // A table the build of this state had, which a later migration replaces (0008).
  await insert(db, 'login_failures', { email: 'bob@example.com', at: ctx.now - HOUR });
}

/** 0004: feedback from a signed-in account, and from a visitor who left an address. */
export async function feedback(db: PastDatabase, ctx: FillContext): Promise<void> {
  const alice = account(ctx, 'alice@example.com');
  const rows = [
    { user: await userId(db, alice.email), type: 'bug', email: null },
    { user: null, type: 'suggestion', email: 'visitor@example.com' },
  ];
  for (const row of rows) {
    const id = uuid(ctx);
    await insert(db, 'feedback', {
      id,
      user_id: row.user,
      type: row.type,
      message: `A ${row.type} written before the upgrade.`,
      email: row.email,
      created_at: ctx.now - 2 * HOUR,
      updated_at: ctx.now - 2 * HOUR,
    });
    if (row.user) alice.feedbackIds.push(id);
    ctx.expected.feedbackCount += 1;
  }
}

/** 0005: a wallet link under way (a nonce not used yet). */
export async function walletNonce(db: PastDatabase, ctx: FillContext): Promise<void> {
  await insert(db, 'wallet_nonces', {
    nonce: ctx.id(32),
    user_id: await userId(db, 'bob@example.com'),
    wallet_address: ALICE_WALLET,
    message: 'Sign in with Solana (written before the upgrade)',
    created_at: ctx.now - 60_000,
    expires_at: ctx.now + 4 * 60_000,
  });
}

/** 0006: a verified administrator. */
export async function verifiedAdmin(db: PastDatabase, ctx: FillContext): Promise<void> {
  const email = 'carol@example.com';
  const password = 'Carol-upgrade-333';
  await insert(db, 'users', {
    id: uuid(ctx),
    email,
    password_hash: await ctx.passwordHash(password),
    tier: 'free',
    solana_wallet: null,
    oidc_subject: null,
    email_verified: 1,
    created_at: ctx.now - 5 * DAY,
    updated_at: ctx.now - 5 * DAY,
  });
  ctx.expected.accounts.push({
    email,
    password,
    balance: 0,
    ledgerEntries: 0,
    wallet: null,
    tier: 'free',
    emailVerified: true,
    fileIds: [],
    feedbackIds: [],
  });
  ctx.expected.admins.push(email);
}

/** 0011: a download the server granted, the reward it earned, and its claim. */
export async function downloadReward(db: PastDatabase, ctx: FillContext): Promise<void> {
  const alice = account(ctx, 'alice@example.com');
  const fileId = alice.fileIds[0] ?? '';
  // The builds of this state kept an address as an unkeyed SHA-256 prefix.
  const ipHash = createHash('sha256').update('198.51.100.7').digest('base64url').slice(0, 32);
  await insert(db, 'file_downloads', {
    id: uuid(ctx),
    file_id: fileId,
    ip_hash: ipHash,
    user_id: null,
    created_at: ctx.now - HOUR / 4,
  });
  await insert(db, 'reward_claims', {
    claim: `download:${fileId}:ip:${ipHash}`,
    file_id: fileId,
    created_at: ctx.now - HOUR / 4,
  });
  await credit(db, ctx, {
    userId: await userId(db, alice.email),
    email: alice.email,
    amount: 1,
    reason: 'download_reward',
    reference: `${fileId}:ip:${ipHash}`,
  });
}

/** 0012: a wallet unlinked from an account. */
export async function walletUnlink(db: PastDatabase, ctx: FillContext): Promise<void> {
  await insert(db, 'wallet_unlinks', {
    id: uuid(ctx),
    wallet_address: 'So11111111111111111111111111111111111111112',
    user_id: await userId(db, 'bob@example.com'),
    unlinked_at: ctx.now - DAY,
  });
}

/** 0015: the secret a process generated and stored for every other one. */
export async function storedSecret(db: PastDatabase, ctx: FillContext): Promise<void> {
  const value = ctx.bytes(32).toString('base64url');
  await insert(db, 'server_settings', { name: 'secret', value, created_at: ctx.now - DAY });
  ctx.expected.storedSecret = value;
}

/** 0021: a counted download visit of the limited link (its counts stay what they were). */
export async function downloadVisit(db: PastDatabase, ctx: FillContext): Promise<void> {
  const limited = ctx.expected.files.find((file) => file.downloadsLeft !== null);
  if (!limited) throw new Error('no limited link was written before this state');
  await insert(db, 'download_visits', {
    file_id: limited.fileId,
    visitor_hash: ctx.bytes(16).toString('hex'),
    address_hash: ctx.bytes(16).toString('hex'),
    counted_at: ctx.now - HOUR / 2,
  });
}

/** 0022: a notice mailed to an account. */
export async function mailNotice(db: PastDatabase, ctx: FillContext): Promise<void> {
  await insert(db, 'mail_notices', {
    user_id: await userId(db, 'bob@example.com'),
    kind: 'signup-attempt',
    sent_at: ctx.now - DAY,
  });
}
