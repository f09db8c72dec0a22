/**
 * Taking a file down, for whoever decides it: a moderator (reason `terms`) or the malware scanner
 * (reason `malware`). The object is deleted from storage at once; the row stays as a tombstone
 * until its original expiry (the sweeper deletes it then), so every read path answers 410 with
 * the reason's message (moderation.errors.ts `refuseRemoved`) instead of a plain "not found".
 */
import { randomUUID } from 'node:crypto';
import type { RemovalReason, ReportReason } from '@sealdrop/core/moderation';
import type { FileRow, FilesRepository } from '../files/files.repository';
import type { RewardsRepository } from '../ledger/rewards.repository';
import type { StorageDriver } from '../storage/storage.types';
import type { AuditRepository, AuditRow } from './audit.repository';
import { fileUnknown } from './moderation.errors';
import type { ReportsRepository } from './reports.repository';

/** Who takes a moderation action: an admin's account, or the system itself. */
export interface ModerationActor {
  accountId: string | null;
  /** The admin's email, or the system's name ("malware scanner"). */
  label: string;
}

export const MALWARE_SCANNER: ModerationActor = { accountId: null, label: 'malware scanner' };

export interface ModerationEvents {
  reported: (reason: ReportReason) => void;
  removed: (reason: RemovalReason) => void;
  blocked: (kind: 'address' | 'account') => void;
}

export interface RemovalDeps {
  files: Pick<FilesRepository, 'findById' | 'markRemoved'>;
  storage: Pick<StorageDriver, 'delete' | 'abortMultipart'>;
  reports: Pick<ReportsRepository, 'closeOpen'>;
  audit: Pick<AuditRepository, 'append'>;
  /** An upload reward paid within the last day is taken back. */
  rewards: Pick<RewardsRepository, 'reverseUpload'>;
  events?: Pick<ModerationEvents, 'removed'>;
}

/**
 * Removes a file: tombstone first (read paths answer 410 from then on), its open reports closed as
 * `removed` with their keys deleted, the audit entry, then the object. Removing a removed file
 * changes nothing but deletes the object again, so a removal cut short by a store outage can be
 * retried.
 */
export async function removeFile(args: {
  deps: RemovalDeps;
  input: {
    fileId: string;
    reason: RemovalReason;
    actor: ModerationActor;
    /** What the audit log records as the reason (a moderator's report reason); default `reason`. */
    auditReason?: string;
    note?: string | null;
  };
  now: Date;
}): Promise<{ file: FileRow; removed: boolean; audit: AuditRow | null }> {
  const { deps, input } = args;
  const now = args.now.getTime();
  const file = await deps.files.findById(input.fileId);
  if (!file) throw fileUnknown();
  const removed = await deps.files.markRemoved({ id: file.id, reason: input.reason, now });
  if (!removed) {
    // Already a tombstone: only the object's deletion is tried again.
    await deps.storage.delete(file.object_key);
    return { file, removed: false, audit: null };
  }
  const current: FileRow = {
    ...file,
    removed_at: now,
    removed_reason: input.reason,
    upload_id: null,
  };
  await deps.reports.closeOpen({
    fileId: file.id,
    status: 'removed',
    closedBy: input.actor.accountId,
    now,
  });
  await deps.rewards.reverseUpload({ fileId: file.id, now });
  const audit: AuditRow = {
    id: randomUUID(),
    at: now,
    actor_id: input.actor.accountId,
    actor_label: input.actor.label,
    action: 'file.removed',
    file_id: file.id,
    account_id: file.owner_id,
    address_hash: file.uploader_ip_hash,
    reason: input.auditReason ?? input.reason,
    note: input.note ?? null,
    until: null,
  };
  await deps.audit.append(audit);
  deps.events?.removed(input.reason);
  // Last: a store that is down fails the request (503) with the removal already recorded and in
  // force; trying again deletes the object, and the sweeper does at the file's expiry anyway.
  if (file.upload_id)
    await deps.storage.abortMultipart({ key: file.object_key, uploadId: file.upload_id });
  await deps.storage.delete(file.object_key);
  return { file: current, removed: true, audit };
}

/** Why the object under `objectKey` was removed, or null (the local driver's GET asks it). */
export async function removalOf(
  files: Pick<FilesRepository, 'findByObjectKey'>,
  objectKey: string,
): Promise<RemovalReason | null> {
  const file = await files.findByObjectKey(objectKey);
  return file?.removed_at == null ? null : (file.removed_reason ?? 'terms');
}
