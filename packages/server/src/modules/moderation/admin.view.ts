/** How the console sees files and reports: rows turned into the answers of /api/admin/*. */
import type {
  AdminFile,
  AdminReport,
  AdminReportGroup,
  AuditAction,
  AuditEntry,
} from '@sealdrop/core/api-admin-schemas';
import { REPORT_REASONS, type ReportReason } from '@sealdrop/core/moderation';
import { isExpired, isRemoved } from '../../shared/file-liveness';
import { shortUrl } from '../../shared/links';
import type { FileRow } from '../files/files.repository';
import type { AuditRow } from './audit.repository';
import type { ModerationDeps } from './moderation.deps';
import type { ReportRow } from './reports.repository';

type ViewDeps = Pick<ModerationDeps, 'adminFiles' | 'blocks' | 'reports' | 'keyBox'>;

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

function fileStatus(file: FileRow, now: number): AdminFile['status'] {
  if (isRemoved(file)) return 'removed';
  if (isExpired(file, now)) return 'expired';
  if (file.status === 'ready' || file.status === 'scanning') return file.status;
  return 'uploading';
}

/** The files as the console shows them, with their uploaders and report counts. */
export async function describeFiles(
  deps: ViewDeps,
  rows: readonly FileRow[],
  input: { now: number; origin: string },
): Promise<AdminFile[]> {
  const { now, origin } = input;
  const ownerIds = [...new Set(rows.flatMap((row) => (row.owner_id ? [row.owner_id] : [])))];
  const hashes = [
    ...new Set(rows.flatMap((row) => (row.uploader_ip_hash ? [row.uploader_ip_hash] : []))),
  ];
  const [accounts, blocked, counts] = await Promise.all([
    deps.adminFiles.findAccounts(ownerIds),
    deps.blocks.blockedUntilMany(hashes, now),
    deps.reports.countsForFiles(rows.map((row) => row.id)),
  ]);
  const accountById = new Map(accounts.map((account) => [account.id, account]));
  return rows.map((file) => {
    const account = file.owner_id ? accountById.get(file.owner_id) : undefined;
    const until = file.uploader_ip_hash ? blocked.get(file.uploader_ip_hash) : undefined;
    const count = counts.get(file.id) ?? { open: 0, total: 0 };
    return {
      fileId: file.id,
      link: shortUrl(origin, file.id),
      status: fileStatus(file, now),
      removedAt: iso(file.removed_at),
      removedReason: file.removed_reason,
      originalName: file.is_encrypted === 1 ? null : file.original_name,
      contentType: file.content_type,
      isEncrypted: file.is_encrypted === 1,
      size: file.size,
      createdAt: new Date(file.created_at).toISOString(),
      ageSeconds: Math.max(0, Math.floor((now - file.created_at) / 1000)),
      expiresAt: new Date(file.expires_at).toISOString(),
      downloads: file.download_count,
      downloadLimit: file.download_limit,
      uploader: {
        accountId: file.owner_id,
        email: account?.email ?? null,
        label: account?.email ?? 'Anonymous',
        suspended: account ? account.suspended_at !== null : false,
        addressHash: file.uploader_ip_hash,
        addressBlockedUntil: iso(until ?? null),
      },
      openReports: count.open,
      totalReports: count.total,
    };
  });
}

function toAdminReport(deps: ViewDeps, row: ReportRow): AdminReport {
  // A key is shown while its report is open; closing deletes it.
  const key = row.status === 'open' && row.key_box ? deps.keyBox.open(row.key_box, row.id) : null;
  return {
    id: row.id,
    reason: row.reason,
    details: row.details,
    reporterEmail: row.reporter_email,
    createdAt: new Date(row.created_at).toISOString(),
    status: row.status,
    closedAt: iso(row.closed_at),
    keyIncluded: row.key_included === 1,
    key,
  };
}

/**
 * Reports grouped per file, in the order of `fileIds` (a file no report names is left out); a
 * file whose row is gone shows as null.
 */
export async function describeGroups(
  deps: ViewDeps,
  fileIds: readonly string[],
  input: { now: number; origin: string },
): Promise<AdminReportGroup[]> {
  const [reports, rows] = await Promise.all([
    deps.reports.listForFiles(fileIds),
    deps.adminFiles.findMany(fileIds),
  ]);
  const files = new Map(
    (await describeFiles(deps, rows, input)).map((file) => [file.fileId, file]),
  );
  return fileIds.flatMap((fileId) => {
    const own = reports
      .filter((report) => report.file_id === fileId)
      .map((row) => ({ row, view: toAdminReport(deps, row) }));
    if (own.length === 0) return [];
    const reasons = Object.fromEntries(REPORT_REASONS.map((reason) => [reason, 0])) as Record<
      ReportReason,
      number
    >;
    for (const { row } of own) reasons[row.reason] += 1;
    const times = own.map(({ row }) => row.created_at);
    return {
      fileId,
      link: shortUrl(input.origin, fileId),
      file: files.get(fileId) ?? null,
      reportCount: own.length,
      openCount: own.filter(({ row }) => row.status === 'open').length,
      reporters: new Set(own.map(({ row }) => row.reporter_address_hash)).size,
      reasons,
      firstReportedAt: new Date(Math.min(...times)).toISOString(),
      lastReportedAt: new Date(Math.max(...times)).toISOString(),
      keyIncluded: own.some(({ row }) => row.key_included === 1),
      key: own.find(({ view }) => view.key !== null)?.view.key ?? null,
      reports: own.map(({ view }) => view),
    } satisfies AdminReportGroup;
  });
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor: { accountId: row.actor_id, label: row.actor_label },
    action: row.action as AuditAction,
    fileId: row.file_id,
    accountId: row.account_id,
    addressHash: row.address_hash,
    reason: row.reason,
    note: row.note,
    until: iso(row.until),
  };
}
