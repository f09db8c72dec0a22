import type { Database } from '../../database/schema';
import type { FilesRepository } from '../files/files.repository';
import type { RewardsRepository } from '../ledger/rewards.repository';
import type { ShortLinksRepository } from '../short-links/short-links.repository';
import type { StorageDriver } from '../storage/storage.types';
import { type AdminFilesRepository, createAdminFilesRepository } from './admin-files.repository';
import { type AuditRepository, createAuditRepository } from './audit.repository';
import { type BlocksRepository, createBlocksRepository } from './blocks.repository';
import { createKeyBox, type KeyBox } from './moderation.key-box';
import type { ModerationEvents } from './moderation.removal';
import { createReportsRepository, type ReportsRepository } from './reports.repository';

/** What reports, removals, blocks and the admin console work with. */
export interface ModerationDeps {
  files: FilesRepository;
  shortLinks: ShortLinksRepository;
  storage: StorageDriver;
  rewards: RewardsRepository;
  reports: ReportsRepository;
  audit: AuditRepository;
  blocks: BlocksRepository;
  adminFiles: AdminFilesRepository;
  /** Seals the keys reporters include (a key derived from SECRET). */
  keyBox: KeyBox;
  events?: ModerationEvents;
  adminEmails: readonly string[];
}

export function createModerationDeps(input: {
  db: Database;
  secret: string;
  files: FilesRepository;
  shortLinks: ShortLinksRepository;
  storage: StorageDriver;
  rewards: RewardsRepository;
  events?: ModerationEvents;
  adminEmails: readonly string[];
}): ModerationDeps {
  const { db } = input;
  return {
    files: input.files,
    shortLinks: input.shortLinks,
    storage: input.storage,
    rewards: input.rewards,
    reports: createReportsRepository({ db }),
    audit: createAuditRepository({ db }),
    blocks: createBlocksRepository({ db }),
    adminFiles: createAdminFilesRepository({ db }),
    keyBox: createKeyBox(input.secret),
    ...(input.events && { events: input.events }),
    adminEmails: input.adminEmails,
  };
}
