/** What the console reads: reports per file, files, the overview, blocks and the audit log. */
import type {
  AdminFile,
  AdminOverview,
  AdminReportGroup,
  AuditEntry,
} from '@sealdrop/core/api-admin-schemas';
import { reportedCode } from '@sealdrop/core/api-report-schemas';
import { normalizeEmail } from '@sealdrop/core/email';
import type { FileRow } from '../files/files.repository';
import { describeFiles, describeGroups, toAuditEntry } from './admin.view';
import type { ModerationDeps } from './moderation.deps';
import { fileUnknown, noReports } from './moderation.errors';

type Deps = ModerationDeps;
interface View {
  now: Date;
  /** The origin links are shown with. */
  origin: string;
}

/** Open reports first (the file reported longest ago first), then closed ones (latest first). */
export async function listReports(
  args: {
    deps: Deps;
    input: { status: 'open' | 'closed' | 'all'; limit: number };
  } & View,
): Promise<{ groups: AdminReportGroup[] }> {
  const { deps, input } = args;
  const open = input.status === 'closed' ? [] : await deps.reports.openFileIds(input.limit);
  const room = input.limit - open.length;
  const closed = input.status === 'open' || room <= 0 ? [] : await deps.reports.closedFileIds(room);
  const view = { now: args.now.getTime(), origin: args.origin };
  return { groups: await describeGroups(deps, [...open, ...closed], view) };
}

export async function getReportGroup(
  args: {
    deps: Deps;
    input: { fileId: string };
  } & View,
): Promise<{ group: AdminReportGroup }> {
  const view = { now: args.now.getTime(), origin: args.origin };
  const [group] = await describeGroups(args.deps, [args.input.fileId], view);
  if (!group) throw noReports();
  return { group };
}

/**
 * Files matching what a moderator typed: an account's email (its files, newest first), or a link,
 * short code or file id (the file it names). A pasted link's #fragment is ignored, never kept.
 */
export async function findFiles(
  args: {
    deps: Deps;
    input: { q: string; limit: number };
  } & View,
): Promise<{ files: AdminFile[] }> {
  const { deps, input } = args;
  const query = input.q.trim();
  let rows: FileRow[] = [];
  if (query.includes('@') && !query.includes('/')) {
    const account = await deps.adminFiles.findAccountByEmail(normalizeEmail(query));
    rows = account ? await deps.adminFiles.listByOwner(account.id, input.limit) : [];
  } else {
    const code = reportedCode(query.split('#')[0] ?? '');
    if (code) {
      const link = await deps.shortLinks.find(code);
      const ids = [...new Set([link?.file_id, code].filter((id): id is string => Boolean(id)))];
      rows = await deps.adminFiles.findMany(ids);
    }
  }
  const view = { now: args.now.getTime(), origin: args.origin };
  return { files: await describeFiles(deps, rows, view) };
}

export async function getFile(
  args: {
    deps: Deps;
    input: { fileId: string };
  } & View,
): Promise<{ file: AdminFile }> {
  const row = await args.deps.files.findById(args.input.fileId);
  if (!row) throw fileUnknown();
  const [file] = await describeFiles(args.deps, [row], {
    now: args.now.getTime(),
    origin: args.origin,
  });
  if (!file) throw fileUnknown();
  return { file };
}

export async function overview(args: {
  deps: Deps;
  input: { storageMaxBytes: number | undefined };
  now: Date;
}): Promise<AdminOverview> {
  const { deps } = args;
  const now = args.now.getTime();
  const [files, reports, blocks] = await Promise.all([
    deps.adminFiles.overview(now),
    deps.reports.countOpen(),
    deps.blocks.counts(now),
  ]);
  return {
    storageUsedBytes: files.storedBytes,
    storageMaxBytes: args.input.storageMaxBytes || null,
    liveFiles: files.liveFiles,
    last24h: { uploads: files.uploads24h, bytes: files.bytes24h },
    openReports: reports.reports,
    openReportedFiles: reports.files,
    blockedAddresses: blocks.addresses,
    suspendedAccounts: blocks.accounts,
  };
}

export async function listBlocks(args: { deps: Deps; now: Date }) {
  const now = args.now.getTime();
  const [addresses, accounts] = await Promise.all([
    args.deps.blocks.listActive(now),
    args.deps.blocks.listSuspended(),
  ]);
  return {
    addresses: addresses.map((block) => ({
      addressHash: block.addressHash,
      createdAt: new Date(block.createdAt).toISOString(),
      until: new Date(block.until).toISOString(),
    })),
    accounts: accounts.map((account) => ({
      accountId: account.id,
      email: account.email,
      suspendedAt: new Date(account.suspended_at ?? 0).toISOString(),
    })),
  };
}

export async function listAudit(args: {
  deps: Deps;
  input: { limit: number; before?: string };
}): Promise<{ entries: AuditEntry[]; next: string | null }> {
  const rows = await args.deps.audit.list(args.input);
  const entries = rows.map(toAuditEntry);
  const last = entries.at(-1);
  return { entries, next: entries.length === args.input.limit && last ? last.id : null };
}
