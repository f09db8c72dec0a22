/** One secret per database, generated once, or SECRET checked against it. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../testing/databases';
import { ConfigError } from './config';
import { resolveServerSecret } from './server-secret';

const SET = 'a-secret-set-by-the-operator-0123456789';

describeEachDatabase('server secret', (createDatabase) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createDatabase();
  });
  afterEach(() => database.destroy());

  it('is generated once: later and concurrent callers get the same one', async () => {
    const [a, b, c] = await Promise.all(
      Array.from({ length: 3 }, () => resolveServerSecret({ db: database.db })),
    );
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(new Set([a, b, c]).size).toBe(1);
    expect(await resolveServerSecret({ db: database.db })).toBe(a);
  });

  it('lets SECRET win, and stores only its fingerprint', async () => {
    expect(await resolveServerSecret({ db: database.db, configured: SET })).toBe(SET);
    expect(await resolveServerSecret({ db: database.db, configured: SET })).toBe(SET);
    const values = await database.db.selectFrom('server_settings').select('value').execute();
    expect(values.map((row) => row.value).join()).not.toContain(SET);
  });

  it('refuses a SECRET that differs from the generated one', async () => {
    await resolveServerSecret({ db: database.db });
    await expect(resolveServerSecret({ db: database.db, configured: SET })).rejects.toThrow(
      ConfigError,
    );
  });

  it('refuses a different SECRET, or none, where processes run with SECRET', async () => {
    await resolveServerSecret({ db: database.db, configured: SET });
    await expect(
      resolveServerSecret({ db: database.db, configured: `${SET}-other` }),
    ).rejects.toThrow('SECRET differs from the SECRET the other processes');
    await expect(resolveServerSecret({ db: database.db })).rejects.toThrow(
      'started with SECRET: start this one with the same SECRET',
    );
  });

  it('adopts the secret an older version kept in DATA_DIR/secret', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sealdrop-secret-'));
    const legacyFile = join(dir, 'secret');
    writeFileSync(legacyFile, 'kept-by-an-older-version-0123456789abcdef\n');
    try {
      expect(await resolveServerSecret({ db: database.db, legacyFile })).toBe(
        'kept-by-an-older-version-0123456789abcdef',
      );
      expect(await resolveServerSecret({ db: database.db })).toBe(
        'kept-by-an-older-version-0123456789abcdef',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
