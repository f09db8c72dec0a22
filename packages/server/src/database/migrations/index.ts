import type { Migration } from 'kysely';
import * as m0001 from './0001-files-and-short-links';
import * as m0002 from './0002-accounts';
import * as m0003 from './0003-oidc-states';
import * as m0004 from './0004-feedback';
import * as m0005 from './0005-wallet';
import * as m0006 from './0006-email-verified';
import * as m0007 from './0007-email-tokens';
import * as m0008 from './0008-login-attempts';
import * as m0009 from './0009-oidc-logins';
import * as m0010 from './0010-short-link-secrets';
import * as m0011 from './0011-download-grants';
import * as m0012 from './0012-wallet-unlinks';
import * as m0013 from './0013-download-limits';
import * as m0015 from './0015-server-settings';
import * as m0016 from './0016-encrypted-metadata';
import * as m0017 from './0017-forget-unkeyed-address-hashes';
import * as m0018 from './0018-upload-bytes-seen';
import * as m0020 from './0020-session-families';
import * as m0021 from './0021-download-visits';
import * as m0022 from './0022-mail-notices';
import * as m0025 from './0025-moderation';
import * as m0030 from './0030-malware-scans';
import * as m0032 from './0032-upload-progress';
import * as m0033 from './0033-unfinished-uploads';

/** Every migration, in order. Listed by hand so that no file system scan is needed at run time. */
export const migrations: Record<string, Migration> = {
  '0001-files-and-short-links': m0001,
  '0002-accounts': m0002,
  '0003-oidc-states': m0003,
  '0004-feedback': m0004,
  '0005-wallet': m0005,
  '0006-email-verified': m0006,
  '0007-email-tokens': m0007,
  '0008-login-attempts': m0008,
  '0009-oidc-logins': m0009,
  '0010-short-link-secrets': m0010,
  '0011-download-grants': m0011,
  '0012-wallet-unlinks': m0012,
  '0013-download-limits': m0013,
  '0015-server-settings': m0015,
  '0016-encrypted-metadata': m0016,
  '0017-forget-unkeyed-address-hashes': m0017,
  '0018-upload-bytes-seen': m0018,
  '0020-session-families': m0020,
  '0021-download-visits': m0021,
  '0022-mail-notices': m0022,
  '0025-moderation': m0025,
  '0030-malware-scans': m0030,
  '0032-upload-progress': m0032,
  '0033-unfinished-uploads': m0033,
};
