/**
 * What a moderator does: remove a file, dismiss its reports, block its uploader (suspend the
 * account, block the address from uploading), and undo blocks. Each action appends to the audit
 * log (who, when, what, which file/account/address, why) and answers the entries it wrote.
 */
import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditEntry } from '@sealdrop/core/api-admin-schemas';
import type { ReportReason } from '@sealdrop/core/moderation';
import { toAuditEntry } from './admin.view';
import type { AuditRow } from './audit.repository';
import type { ModerationDeps } from './moderation.deps';
import * as errors from './moderation.errors';
import { type ModerationActor, removeFile } from './moderation.removal';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Action<Input> {
  deps: ModerationDeps;
  input: Input & { actor: ModerationActor; note: string | null };
  now: Date;
}

async function record(
  deps: ModerationDeps,
  entry: Omit<AuditRow, 'id' | 'actor_id' | 'actor_label'> & { actor: ModerationActor },
): Promise<AuditEntry> {
  const { actor, ...rest } = entry;
  const row: AuditRow = {
    id: randomUUID(),
    actor_id: actor.accountId,
    actor_label: actor.label,
    ...rest,
  };
  await deps.audit.append(row);
  return toAuditEntry(row);
}

const entry = (
  action: AuditAction,
  fields: Partial<Pick<AuditRow, 'file_id' | 'account_id' | 'address_hash' | 'reason' | 'until'>>,
) => ({
  action,
  file_id: fields.file_id ?? null,
  account_id: fields.account_id ?? null,
  address_hash: fields.address_hash ?? null,
  reason: fields.reason ?? null,
  until: fields.until ?? null,
});

/** Removes a file for violating the terms, with the report reason the moderator chose. */
export async function removeReportedFile(
  args: Action<{ fileId: string; reason: ReportReason }>,
): Promise<{ audit: AuditEntry[] }> {
  const { deps, input } = args;
  const result = await removeFile({
    deps,
    input: {
      fileId: input.fileId,
      reason: 'terms',
      actor: input.actor,
      auditReason: input.reason,
      note: input.note,
    },
    now: args.now,
  });
  return { audit: result.audit ? [toAuditEntry(result.audit)] : [] };
}

/** Closes a file's open reports without acting on the file; their keys are deleted. */
export async function dismissReports(
  args: Action<{ fileId: string }>,
): Promise<{ audit: AuditEntry[] }> {
  const { deps, input } = args;
  const now = args.now.getTime();
  const closed = await deps.reports.closeOpen({
    fileId: input.fileId,
    status: 'dismissed',
    closedBy: input.actor.accountId,
    now,
  });
  if (closed === 0) throw errors.noReports();
  const file = await deps.files.findById(input.fileId);
  return {
    audit: [
      await record(deps, {
        ...entry('reports.dismissed', { file_id: input.fileId, account_id: file?.owner_id }),
        actor: input.actor,
        at: now,
        note: input.note,
      }),
    ],
  };
}

export async function suspendAccount(
  args: Action<{ accountId: string; fileId?: string }>,
): Promise<{ audit: AuditEntry[] }> {
  const { deps, input } = args;
  const now = args.now.getTime();
  const account = await deps.adminFiles.findAccount(input.accountId);
  if (!account) throw errors.accountNotFound();
  if (deps.adminEmails.includes(account.email)) throw errors.adminNotSuspendable();
  if (account.suspended_at !== null) return { audit: [] };
  await deps.blocks.setSuspended(account.id, now);
  deps.events?.blocked('account');
  return {
    audit: [
      await record(deps, {
        ...entry('account.suspended', { account_id: account.id, file_id: input.fileId }),
        actor: input.actor,
        at: now,
        note: input.note,
      }),
    ],
  };
}

export async function unsuspendAccount(
  args: Action<{ accountId: string }>,
): Promise<{ audit: AuditEntry[] }> {
  const { deps, input } = args;
  const account = await deps.adminFiles.findAccount(input.accountId);
  if (!account) throw errors.accountNotFound();
  if (account.suspended_at === null) return { audit: [] };
  await deps.blocks.setSuspended(account.id, null);
  const at = args.now.getTime();
  return {
    audit: [
      await record(deps, {
        ...entry('account.unsuspended', { account_id: account.id }),
        actor: input.actor,
        at,
        note: input.note,
      }),
    ],
  };
}

/** Bars an address (hash of an IPv4 address or IPv6 /64) from uploading for `days`. */
export async function blockAddress(
  args: Action<{ addressHash: string; days: number; fileId?: string; accountId?: string | null }>,
): Promise<{ audit: AuditEntry[] }> {
  const { deps, input } = args;
  const now = args.now.getTime();
  const until = now + input.days * DAY_MS;
  await deps.blocks.insertBlock({
    id: randomUUID(),
    address_hash: input.addressHash,
    created_at: now,
    expires_at: until,
    created_by: input.actor.accountId,
    lifted_at: null,
  });
  deps.events?.blocked('address');
  const fields = {
    address_hash: input.addressHash,
    file_id: input.fileId,
    account_id: input.accountId,
    until,
  };
  return {
    audit: [
      await record(deps, {
        ...entry('address.blocked', fields),
        actor: input.actor,
        at: now,
        note: input.note,
      }),
    ],
  };
}

export async function unblockAddress(
  args: Action<{ addressHash: string }>,
): Promise<{ audit: AuditEntry[] }> {
  const { deps, input } = args;
  const now = args.now.getTime();
  if ((await deps.blocks.lift(input.addressHash, now)) === 0) return { audit: [] };
  return {
    audit: [
      await record(deps, {
        ...entry('address.unblocked', { address_hash: input.addressHash }),
        actor: input.actor,
        at: now,
        note: input.note,
      }),
    ],
  };
}

/** "Block uploader": suspends the file's account and/or blocks its uploader's address. */
export async function blockUploader(
  args: Action<{ fileId: string; suspendAccount: boolean; blockAddressDays?: number }>,
): Promise<{ audit: AuditEntry[] }> {
  const { deps, input } = args;
  const file = await deps.files.findById(input.fileId);
  if (!file) throw errors.fileUnknown();
  if (input.suspendAccount && !file.owner_id) throw errors.noUploaderAccount();
  if (input.blockAddressDays !== undefined && !file.uploader_ip_hash)
    throw errors.noUploaderAddress();
  const audit: AuditEntry[] = [];
  const common = { actor: input.actor, note: input.note };
  if (input.suspendAccount && file.owner_id) {
    const done = await suspendAccount({
      deps,
      input: { ...common, accountId: file.owner_id, fileId: file.id },
      now: args.now,
    });
    audit.push(...done.audit);
  }
  if (input.blockAddressDays !== undefined && file.uploader_ip_hash) {
    const done = await blockAddress({
      deps,
      input: {
        ...common,
        addressHash: file.uploader_ip_hash,
        days: input.blockAddressDays,
        fileId: file.id,
        accountId: file.owner_id,
      },
      now: args.now,
    });
    audit.push(...done.audit);
  }
  return { audit };
}
