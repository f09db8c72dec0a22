import type { Config } from './config/config';
import type { Database } from './database/schema';
import { createAccountsRepository } from './modules/auth/auth.accounts.repository';
import type { AuthDeps } from './modules/auth/auth.deps';
import { createEmailTokensRepository } from './modules/auth/auth.email-tokens';
import { createLoginAttemptsRepository } from './modules/auth/auth.lockout';
import { createMailNoticesRepository } from './modules/auth/auth.notices';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createTokenService } from './modules/auth/auth.tokens';
import {
  createFileDownloadsRepository,
  type FileDownloadsRepository,
} from './modules/files/file-downloads.repository';
import { createFilesRepository, type FilesRepository } from './modules/files/files.repository';
import { createVisitorCookies, type VisitorCookies } from './modules/files/visitor-cookie';
import { createLedgerRepository } from './modules/ledger/ledger.repository';
import {
  createRewardsRepository,
  type RewardsRepository,
} from './modules/ledger/rewards.repository';
import { createMailer, type Mailer } from './modules/mail/mail.mailer';
import { createScansRepository } from './modules/malware/malware.repository';
import {
  createMalwareScanner,
  type MalwareScanner,
  type ScanLog,
} from './modules/malware/malware.scanner';
import {
  moderationEvents,
  quotaEvents,
  scanEvents,
  uploadEvents,
} from './modules/metrics/metrics.events';
import { type Metrics, noMetrics } from './modules/metrics/metrics.registry';
import { createModerationDeps, type ModerationDeps } from './modules/moderation/moderation.deps';
import { createDatabaseQuotaStore, type QuotaStore } from './modules/quotas/quotas.store';
import { releaseUpload, type UploadGateDeps } from './modules/quotas/quotas.usecases';
import { createStorageUsage } from './modules/quotas/storage-usage';
import {
  createShortLinksRepository,
  type ShortLinksRepository,
} from './modules/short-links/short-links.repository';
import type { StorageDriver } from './modules/storage/storage.types';
import { createPendingUploadsRepository } from './modules/uploads/pending-uploads.repository';
import type { UploadDeps } from './modules/uploads/uploads.usecases';
import { createWalletDeps, type WalletDeps } from './modules/wallet/wallet.deps';
import { type AddressHasher, createAddressHasher } from './shared/client-address';

/** What route modules share: built once per server from its explicit dependencies. */
export interface AppContext {
  config: Config;
  db: Database;
  storage: StorageDriver;
  files: FilesRepository;
  /** Download URLs signed, by visitor: what download rewards and limits count. */
  downloads: FileDownloadsRepository;
  rewards: RewardsRepository;
  shortLinks: ShortLinksRepository;
  uploads: UploadDeps;
  auth: AuthDeps;
  wallet: WalletDeps;
  /** The clock; tests pass a fixed one. */
  now: () => Date;
  /** Keyed hash of a client's address (IPv4, or IPv6 /64): what per-address rules store. */
  addressHash: AddressHasher;
  /** Issues and checks the signed visitor cookie that makes a download retry free. */
  visitorCookies: VisitorCookies;
  /** This server's own metrics registry (served only when METRICS_TOKEN or METRICS_PORT is set). */
  metrics: Metrics;
  /** Reports, removals, blocks, the audit log and the admin console's reads. */
  moderation: ModerationDeps;
  /** What presign checks besides the tier: address blocks, the storage cap, daily quotas. */
  quotas: UploadGateDeps;
  /** Checks plain uploads with clamd before they turn ready; null without CLAMAV_URL. */
  malware: MalwareScanner | null;
}

export function createAppContext(input: {
  config: Config;
  db: Database;
  storage: StorageDriver;
  /** Signs session tokens and (local driver) storage URLs. */
  secret: string;
  now?: () => Date;
  /** createServer passes one that logs through the app's logger; the default writes to stdout. */
  mailer?: Mailer;
  /** Default: counters that count nothing (metrics off). */
  metrics?: Metrics;
  /** Where daily quotas are counted; createServer opens Redis's with REDIS_URL. Default: the database. */
  quotaStore?: QuotaStore;
  /** What the malware scanner logs through; createServer passes the app's logger. Default: console. */
  log?: ScanLog;
}): AppContext {
  const metrics = input.metrics ?? noMetrics();
  const files = createFilesRepository({ db: input.db });
  const shortLinks = createShortLinksRepository({ db: input.db });
  const hourMs = 60 * 60 * 1000;
  const now = input.now ?? (() => new Date());
  const wallet = createWalletDeps({ config: input.config, db: input.db, now });
  const addressHash = createAddressHasher(input.secret);
  const rewards = createRewardsRepository({ db: input.db });
  const moderation = createModerationDeps({
    db: input.db,
    secret: input.secret,
    files,
    shortLinks,
    storage: input.storage,
    rewards,
    events: moderationEvents(metrics),
    adminEmails: input.config.ADMIN_EMAILS,
  });
  const quotas: UploadGateDeps = {
    blocks: moderation.blocks,
    store: input.quotaStore ?? createDatabaseQuotaStore({ db: input.db }),
    storageUsage: createStorageUsage({ db: input.db }),
    config: input.config,
    events: quotaEvents(metrics),
  };
  const malware = input.config.CLAMAV_URL
    ? createMalwareScanner({
        url: input.config.CLAMAV_URL,
        failOpen: input.config.CLAMAV_FAIL === 'open',
        maxBytes: input.config.CLAMAV_MAX_BYTES,
        deps: {
          files,
          scans: createScansRepository({ db: input.db }),
          storage: input.storage,
          removal: moderation,
          now,
        },
        log: input.log ?? consoleLog,
        events: scanEvents(metrics),
      })
    : null;
  return {
    config: input.config,
    db: input.db,
    storage: input.storage,
    files,
    downloads: createFileDownloadsRepository({ db: input.db }),
    rewards,
    auth: {
      auth: createAuthRepository({ db: input.db }),
      loginAttempts: createLoginAttemptsRepository({ db: input.db }),
      ledger: createLedgerRepository({ db: input.db }),
      tokens: createTokenService({ secret: input.secret }),
      premium: wallet.premium,
      emailTokens: createEmailTokensRepository({ db: input.db }),
      notices: createMailNoticesRepository({ db: input.db }),
      accounts: createAccountsRepository({ db: input.db }),
      addressHash,
      mailer:
        input.mailer ??
        createMailer({
          smtpUrl: input.config.SMTP_URL,
          from: input.config.MAIL_FROM,
          log: { info: (message) => console.log(message), error: (_, m) => console.error(m) },
        }),
    },
    wallet,
    shortLinks,
    now,
    addressHash,
    visitorCookies: createVisitorCookies(input.secret),
    metrics,
    moderation,
    quotas,
    malware,
    uploads: {
      ...(malware && { malware }),
      events: uploadEvents(metrics),
      releaseQuota: (file) =>
        releaseUpload({
          deps: quotas,
          input: {
            fileId: file.id,
            ownerId: file.owner_id,
            uploaderAddressHash: file.uploader_ip_hash,
          },
        }),
      files,
      pending: createPendingUploadsRepository({ db: input.db }),
      shortLinks,
      storage: input.storage,
      partSize: input.config.UPLOAD_PART_SIZE,
      retention: {
        freeMs: input.config.RETENTION_HOURS * hourMs,
        premiumMs: input.config.PREMIUM_RETENTION_DAYS * 24 * hourMs,
      },
    },
  };
}

const consoleLog: ScanLog = {
  info: (fields, message) => console.log(message, fields),
  warn: (fields, message) => console.warn(message, fields),
  error: (fields, message) => console.error(message, fields),
};
