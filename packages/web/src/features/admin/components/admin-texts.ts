/** The words of the moderation console. Report reasons are labelled as in the report dialog. */
import type { AdminFile, AuditAction } from '@sealdrop/core/api-admin-schemas';

export const ADMIN_TEXTS = {
  title: 'Moderation',
  views: {
    reports: 'Reports',
    files: 'Files',
    overview: 'Overview',
    audit: 'Audit log',
    blocks: 'Blocks',
  },
  navLabel: 'Moderation views',
  checking: 'Loading…',
  loading: 'Loading…',
  retry: 'Try again',
} as const;

export const FILE_STATUS_LABELS: Record<AdminFile['status'], string> = {
  uploading: 'Uploading',
  scanning: 'Being scanned',
  ready: 'Live',
  removed: 'Removed',
  expired: 'Expired',
};

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'file.removed': 'Removed a file',
  'reports.dismissed': 'Dismissed reports',
  'account.suspended': 'Suspended an account',
  'account.unsuspended': 'Lifted a suspension',
  'address.blocked': 'Blocked an address',
  'address.unblocked': 'Lifted an address block',
};
