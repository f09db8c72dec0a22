/** `npm run sweep`: one pass of the expiry sweeper, then exit. Safe beside running servers. */
import { loadConfig } from './config/config';
import { createAppContext } from './context';
import { deleteInactiveUnverifiedAccounts } from './modules/auth/auth.unverified-sweep';
import { sweepModeration } from './modules/moderation/moderation.sweep';
import { createOidcStatesRepository } from './modules/oidc/oidc.repository';
import { sweepExpired } from './modules/sweeper/sweeper';
import { sweepOrphans } from './modules/sweeper/sweeper.orphans';
import { openDatabase, openStorage, serverSecret } from './wiring';

const config = loadConfig();
const db = await openDatabase(config);
const secret = await serverSecret(config, db);
const storage = await openStorage(config, secret);
const ctx = createAppContext({ config, db, storage, secret });
const result = await sweepExpired({
  files: ctx.files,
  shortLinks: ctx.shortLinks,
  storage,
  oidcStates: createOidcStatesRepository({ db }),
  pendingUploads: ctx.uploads.pending,
  onError: console.error,
});
const accounts = await deleteInactiveUnverifiedAccounts({
  accounts: ctx.auth.accounts,
  now: new Date(),
  limit: Number.MAX_SAFE_INTEGER,
});
const kept = await sweepModeration({
  db,
  reports: ctx.moderation.reports,
  reportRetentionDays: config.REPORT_RETENTION_DAYS,
  now: new Date(),
});
const { orphans } = await sweepOrphans({
  files: ctx.files,
  storage,
  now: new Date(),
  onError: console.error,
});
console.log(
  `swept ${result.files} files, ${result.reservations} reservations, ${accounts} inactive unverified accounts, ${orphans} objects no file owns (${result.failed} failed) and ${kept.reports} closed reports`,
);
await db.destroy();
