/**
 * What presign checks before it plans an upload, beyond the tier's own limits: an address a
 * moderator blocked (403), the instance's storage cap (507) and the daily quota of the address or
 * account (429). docs/moderation.md describes each rule.
 */
import type { UploadTier } from '@sealdrop/core/limits';
import type { Config } from '../../config/config';
import type { BlocksRepository } from '../moderation/blocks.repository';
import { addressBlocked } from '../moderation/moderation.errors';
import { quotaExceeded, storageFull } from './quotas.errors';
import { type QuotaConfig, quotaLimitsFor, quotaSubject } from './quotas.models';
import type { QuotaStore } from './quotas.store';
import type { StorageUsage } from './storage-usage';

export type QuotaRefusal = 'daily_bytes' | 'daily_uploads' | 'storage';

export interface QuotaEvents {
  refused: (quota: QuotaRefusal) => void;
  /** A presign from a blocked address. */
  blockedUpload: () => void;
}

export interface UploadGateDeps {
  blocks: Pick<BlocksRepository, 'blockedUntil'>;
  store: QuotaStore;
  storageUsage: StorageUsage;
  config: QuotaConfig & Pick<Config, 'STORAGE_MAX_BYTES' | 'ABUSE_EMAIL'>;
  events?: QuotaEvents;
}

/** 403 when a moderator blocked the address (IPv4, or the IPv6 /64) from uploading. */
export async function refuseBlockedAddress(args: {
  deps: Pick<UploadGateDeps, 'blocks' | 'config' | 'events'>;
  input: { addressHash: string };
  now: Date;
}): Promise<void> {
  const until = await args.deps.blocks.blockedUntil(args.input.addressHash, args.now.getTime());
  if (until === null) return;
  args.deps.events?.blockedUpload();
  throw addressBlocked(args.deps.config.ABUSE_EMAIL);
}

/**
 * Counts an upload of `bytes` (file size + encryptedMetadata length) against the instance's cap
 * and the subject's daily quota, or refuses it. Called once presign has checked everything else.
 */
export async function admitUpload(args: {
  deps: UploadGateDeps;
  input: {
    fileId: string;
    bytes: number;
    tier: UploadTier;
    accountId: string | null;
    addressHash: string;
  };
  now: Date;
}): Promise<void> {
  const { deps, input } = args;
  const now = args.now.getTime();
  const cap = deps.config.STORAGE_MAX_BYTES;
  if (cap && (await deps.storageUsage.used(now)) + input.bytes > cap) {
    deps.events?.refused('storage');
    throw storageFull();
  }
  const limits = quotaLimitsFor(input.tier, deps.config);
  // Both limits off (0): nothing to count, and no store to ask.
  const decision =
    limits.bytes || limits.uploads
      ? await deps.store.admit({
          subject: quotaSubject(input),
          fileId: input.fileId,
          bytes: input.bytes,
          limits,
          now,
        })
      : { admitted: true as const };
  if (!decision.admitted) {
    deps.events?.refused('bytes' in decision.limit ? 'daily_bytes' : 'daily_uploads');
    throw quotaExceeded(decision.limit, decision.resetsAt, now);
  }
  deps.storageUsage.add(input.bytes);
}

/** An aborted upload gives its room back (docs/moderation.md "Quotas"). */
export async function releaseUpload(args: {
  deps: Pick<UploadGateDeps, 'store'>;
  input: { fileId: string; ownerId: string | null; uploaderAddressHash: string | null };
}): Promise<void> {
  const { ownerId, uploaderAddressHash, fileId } = args.input;
  if (!ownerId && !uploaderAddressHash) return;
  const subject = quotaSubject({ accountId: ownerId, addressHash: uploaderAddressHash ?? '' });
  await args.deps.store.release({ subject, fileId });
}
