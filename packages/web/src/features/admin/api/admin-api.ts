/**
 * The moderation console's calls to /api/admin/* (docs/moderation.md), each answer parsed with
 * core's schema. To anyone but a verified admin every one of them answers 404, as an unknown
 * route does: the console reads that as "not here" and shows the not-found page.
 */
import {
  type AdminFile,
  type AdminOverview,
  type AdminReportGroup,
  adminActionSchema,
  adminBlocksSchema,
  adminFilesSchema,
  adminOverviewSchema,
  adminReportsSchema,
  auditListSchema,
} from '@sealdrop/core/api-admin-schemas';
import type { ReportReason } from '@sealdrop/core/moderation';
import { apiRequest } from '../../../lib/api-client';

export type ReportStatusFilter = 'open' | 'closed' | 'all';

export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  reports: (status: ReportStatusFilter) => ['admin', 'reports', status] as const,
  files: (query: string) => ['admin', 'files', query] as const,
  audit: ['admin', 'audit'] as const,
  blocks: ['admin', 'blocks'] as const,
};

export function getOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return apiRequest('/admin/overview', { schema: adminOverviewSchema, signal });
}

export async function listReports(
  status: ReportStatusFilter,
  signal?: AbortSignal,
): Promise<AdminReportGroup[]> {
  const query = new URLSearchParams({ status, limit: '200' });
  const data = await apiRequest(`/admin/reports?${query}`, { schema: adminReportsSchema, signal });
  return data.groups;
}

/**
 * What a moderator typed to find a file, made safe for a URL query: a pasted link's `#…` is its
 * key, which must never travel in a URL (nor reach the server this way), so it is cut off here.
 */
export function fileSearchQuery(input: string): string {
  return input.split('#')[0]!.trim();
}

export async function findFiles(query: string, signal?: AbortSignal): Promise<AdminFile[]> {
  const params = new URLSearchParams({ q: fileSearchQuery(query), limit: '50' });
  const data = await apiRequest(`/admin/files?${params}`, { schema: adminFilesSchema, signal });
  return data.files;
}

export function listAudit(before: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: '50', ...(before ? { before } : {}) });
  return apiRequest(`/admin/audit?${params}`, { schema: auditListSchema, signal });
}

const path = (fileId: string) => encodeURIComponent(fileId);
const withNote = (note: string) => (note.trim() ? { note: note.trim() } : {});

export function removeFile(input: { fileId: string; reason: ReportReason; note: string }) {
  return apiRequest(`/admin/files/${path(input.fileId)}/removal`, {
    schema: adminActionSchema,
    method: 'POST',
    body: { reason: input.reason, ...withNote(input.note) },
  });
}

export function dismissReports(input: { fileId: string; note: string }) {
  return apiRequest(`/admin/reports/${path(input.fileId)}/dismissal`, {
    schema: adminActionSchema,
    method: 'POST',
    body: withNote(input.note),
  });
}

export function blockUploader(input: {
  fileId: string;
  suspendAccount: boolean;
  /** null: leave the address alone. */
  blockAddressDays: number | null;
  note: string;
}) {
  return apiRequest(`/admin/files/${path(input.fileId)}/uploader-block`, {
    schema: adminActionSchema,
    method: 'POST',
    body: {
      suspendAccount: input.suspendAccount,
      ...(input.blockAddressDays === null ? {} : { blockAddressDays: input.blockAddressDays }),
      ...withNote(input.note),
    },
  });
}

export function listBlocks(signal?: AbortSignal) {
  return apiRequest('/admin/blocks', { schema: adminBlocksSchema, signal });
}

export function liftSuspension(accountId: string) {
  return apiRequest(`/admin/accounts/${path(accountId)}/suspension`, {
    schema: adminActionSchema,
    method: 'DELETE',
    body: {},
  });
}

export function liftAddressBlock(addressHash: string) {
  return apiRequest(`/admin/address-blocks/${path(addressHash)}`, {
    schema: adminActionSchema,
    method: 'DELETE',
    body: {},
  });
}
