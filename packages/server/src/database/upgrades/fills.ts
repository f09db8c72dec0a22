/**
 * What each past state of the database held, written as the build of that state wrote it. A fill
 * runs right after the migration it names, so it sees the tables exactly as they were then; the
 * migrations after it then upgrade its rows with everything else.
 *
 * A new migration needs no new fill to be covered: every fill's rows go through it on the way to
 * the latest state, and the upgrade test starts one scenario from the state it makes. Add a fill
 * when a migration makes room for data the earlier states could not hold (a new table, a column
 * the build sets), so that data is upgraded by every later migration too.
 */
import { migrations } from '../migrations/index';
import type { FillContext, PastDatabase } from './fill-context';
import {
  accounts,
  downloadReward,
  downloadVisit,
  feedback,
  mailNotice,
  storedSecret,
  verifiedAdmin,
  walletNonce,
  walletUnlink,
} from './fills-accounts';
import { filesAtFirstState, limitedLink, moderation, sealedNames } from './fills-files';

export interface Fill {
  /** The migration after which the fill runs: the state whose build wrote such rows. */
  after: string;
  write: (db: PastDatabase, ctx: FillContext) => Promise<void>;
}

export const FILLS: Fill[] = [
  { after: '0001-files-and-short-links', write: filesAtFirstState },
  { after: '0002-accounts', write: accounts },
  { after: '0004-feedback', write: feedback },
  { after: '0005-wallet', write: walletNonce },
  { after: '0006-email-verified', write: verifiedAdmin },
  { after: '0011-download-grants', write: downloadReward },
  { after: '0012-wallet-unlinks', write: walletUnlink },
  { after: '0013-download-limits', write: limitedLink },
  { after: '0015-server-settings', write: storedSecret },
  { after: '0016-encrypted-metadata', write: sealedNames },
  { after: '0021-download-visits', write: downloadVisit },
  { after: '0022-mail-notices', write: mailNotice },
  { after: '0025-moderation', write: moderation },
];

/** Every migration name, in order: the states a database can be in. */
export const STATES = Object.keys(migrations);

/** The oldest state an upgrade is promised from: the first migration. */
export const OLDEST_STATE = STATES[0] as string;

for (const fill of FILLS) {
  // A renamed or removed migration must not silently drop its fill.
  if (!STATES.includes(fill.after)) throw new Error(`fill after unknown migration ${fill.after}`);
}
