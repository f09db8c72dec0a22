import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../../testing/databases';
import { createFilesRepository } from '../files/files.repository';
import { createShortLinksRepository } from '../short-links/short-links.repository';
import { createMemoryStorageDriver } from '../storage/memory.driver';
import { sweepExpired } from '../sweeper/sweeper';
import { createOidcStatesRepository, type OidcStateRow } from './oidc.repository';

const row = (state: string, expiresAt: number): OidcStateRow => ({
  state,
  code_verifier: `verifier-${state}`,
  nonce: `nonce-${state}`,
  created_at: expiresAt - 600_000,
  expires_at: expiresAt,
  link_user_id: null,
});

describeEachDatabase('pending external sign-ins', (createDatabase) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createDatabase();
  });
  afterEach(() => database.destroy());

  it('hands a state out once, to one of several racing callbacks', async () => {
    const states = createOidcStatesRepository({ db: database.db });
    await states.insert(row('s1', 2_000));
    const taken = await Promise.all([states.take('s1'), states.take('s1'), states.take('s1')]);
    expect(taken.filter(Boolean)).toEqual([row('s1', 2_000)]);
    expect(await states.take('s1')).toBeUndefined();
  });

  it('is swept once expired, leaving sign-ins still in progress alone', async () => {
    const states = createOidcStatesRepository({ db: database.db });
    await states.insert(row('old', 1_000));
    await states.insert(row('fresh', 3_000));
    const { db } = database;
    await sweepExpired({
      files: createFilesRepository({ db }),
      shortLinks: createShortLinksRepository({ db }),
      storage: createMemoryStorageDriver(),
      oidcStates: states,
      now: new Date(2_000),
    });
    expect(await states.take('old')).toBeUndefined();
    expect(await states.take('fresh')).toEqual(row('fresh', 3_000));
  });
});
