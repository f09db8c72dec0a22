/**
 * The one server secret. It signs sessions and local storage URLs, so every
 * process on one database must use the same one:
 * - SECRET set: it wins. Its fingerprint (SHA-256, never the secret) is stored, and a process
 *   started with a different SECRET, or with none, stops with a clear error instead of answering
 *   every other process's sessions with 401.
 * - SECRET unset: the first process generates one and stores it in the database; every later
 *   process reads it. A secret kept in DATA_DIR/secret by an older version is adopted, so existing
 *   sessions and signed URLs survive the upgrade.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Database } from '../database/schema';
import { ConfigError } from './config';

const GENERATED = 'secret';
const FINGERPRINT = 'secret_fingerprint';

const fingerprintOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

async function readSettings(db: Database): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('server_settings')
    .select(['name', 'value'])
    .where('name', 'in', [GENERATED, FINGERPRINT])
    .execute();
  return new Map(rows.map((row) => [row.name, row.value]));
}

/** Stores `value` unless another process stored one first; either way, returns the stored one. */
async function storeOnce(db: Database, name: string, value: string): Promise<string> {
  await db
    .insertInto('server_settings')
    .values({ name, value, created_at: Date.now() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  return (await readSettings(db)).get(name) ?? value;
}

export async function resolveServerSecret(input: {
  db: Database;
  /** The SECRET setting, when given. */
  configured?: string;
  /** DATA_DIR/secret of versions that kept the generated secret there. */
  legacyFile?: string;
}): Promise<string> {
  const { db, configured } = input;
  const stored = await readSettings(db);
  const generated = stored.get(GENERATED);
  const fingerprint = stored.get(FINGERPRINT);

  if (configured) {
    if (generated !== undefined && generated !== configured)
      throw new ConfigError(
        'SECRET differs from the secret this database already holds, which processes started ' +
          'without SECRET generated and use: sessions would not work between them. Unset SECRET, ' +
          "or set it to the stored one (select value from server_settings where name = 'secret').",
      );
    if (fingerprint !== undefined && fingerprint !== fingerprintOf(configured))
      throw new ConfigError(
        'SECRET differs from the SECRET the other processes on this database were started with: ' +
          'sessions would not work between them. Start every process with the same SECRET.',
      );
    await storeOnce(db, FINGERPRINT, fingerprintOf(configured));
    return configured;
  }

  if (generated !== undefined) return generated;
  if (fingerprint !== undefined)
    throw new ConfigError(
      'The other processes on this database were started with SECRET: start this one with the ' +
        'same SECRET.',
    );
  const legacy =
    input.legacyFile && existsSync(input.legacyFile)
      ? readFileSync(input.legacyFile, 'utf8').trim()
      : '';
  return storeOnce(db, GENERATED, legacy || randomBytes(32).toString('base64url'));
}
