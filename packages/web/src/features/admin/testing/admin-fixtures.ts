/** Answers of /api/admin/* shaped as the server gives them, for the console's component tests. */
import type { AdminFile, AdminReportGroup, AuditEntry } from '@sealdrop/core/api-admin-schemas';

export const FILE_ID = 'Reported1234';
export const REPORT_KEY = `key=${'K'.repeat(43)}&iv=${'I'.repeat(16)}`;

export function adminFile(overrides: Partial<AdminFile> = {}): AdminFile {
  return {
    fileId: FILE_ID,
    link: `https://drop.example/s/${FILE_ID}`,
    status: 'ready',
    removedAt: null,
    removedReason: null,
    originalName: null,
    contentType: 'application/octet-stream',
    isEncrypted: true,
    size: 3 * 1024 * 1024,
    createdAt: '2026-11-27T09:00:00.000Z',
    ageSeconds: 2 * 3600 + 5,
    expiresAt: '2026-11-28T09:00:00.000Z',
    downloads: 4,
    downloadLimit: null,
    uploader: {
      accountId: 'acct-1',
      email: 'uploader@example.com',
      label: 'uploader@example.com',
      suspended: false,
      addressHash: 'HASHhashHASHhashHASHhashHASHhash',
      addressBlockedUntil: null,
    },
    openReports: 2,
    totalReports: 2,
    ...overrides,
  };
}

export function reportGroup(overrides: Partial<AdminReportGroup> = {}): AdminReportGroup {
  return {
    fileId: FILE_ID,
    link: `https://drop.example/s/${FILE_ID}`,
    file: adminFile(),
    reportCount: 2,
    openCount: 2,
    reporters: 2,
    reasons: { malware: 1, illegal: 0, copyright: 0, spam: 1, other: 0 },
    firstReportedAt: '2026-11-27T10:00:00.000Z',
    lastReportedAt: '2026-11-27T10:30:00.000Z',
    keyIncluded: true,
    key: REPORT_KEY,
    reports: [
      {
        id: 'r1',
        reason: 'malware',
        details: 'The installer asks for my bank password.',
        reporterEmail: 'reporter@example.com',
        createdAt: '2026-11-27T10:00:00.000Z',
        status: 'open',
        closedAt: null,
        keyIncluded: true,
        key: REPORT_KEY,
      },
      {
        id: 'r2',
        reason: 'spam',
        details: null,
        reporterEmail: null,
        createdAt: '2026-11-27T10:30:00.000Z',
        status: 'open',
        closedAt: null,
        keyIncluded: false,
        key: null,
      },
    ],
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    at: '2026-11-27T11:00:00.000Z',
    actor: { accountId: 'admin-1', label: 'admin@example.com' },
    action: 'file.removed',
    fileId: FILE_ID,
    accountId: 'acct-1',
    addressHash: 'HASHhashHASHhashHASHhashHASHhash',
    reason: 'malware',
    note: 'Notice 42 from the bank',
    until: null,
    ...overrides,
  };
}

export const OVERVIEW = {
  storageUsedBytes: 5 * 1024 ** 3,
  storageMaxBytes: 100 * 1024 ** 3,
  liveFiles: 12,
  last24h: { uploads: 7, bytes: 300 * 1024 ** 2 },
  openReports: 3,
  openReportedFiles: 2,
  blockedAddresses: 1,
  suspendedAccounts: 4,
};
