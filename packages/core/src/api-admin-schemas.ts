/**
 * The moderation API under /api/admin (docs/moderation.md): requests the server validates and the
 * answers the console parses. Every route answers 404, as an unknown route does, to anyone who is
 * not a verified address in ADMIN_EMAILS.
 */
import { z } from 'zod/mini';
import { REMOVAL_REASONS, REPORT_REASONS } from './moderation';
import { SHORT_CODE_PATTERN } from './short-code';

const shortCode = z
  .string()
  .check(z.regex(SHORT_CODE_PATTERN, 'must be a short code of 10–32 letters and digits'));
const note = z.pipe(
  z.nullish(z.string().check(z.trim(), z.maxLength(2000, 'must be at most 2000 characters'))),
  z.transform((value: string | null | undefined) => value || null),
);
/** Keyed address hashes are 32 base64url characters (shared/client-address.ts on the server). */
const addressHash = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be an address hash'));
const limit = (fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), fallback);

export const REPORT_STATUSES = ['open', 'removed', 'dismissed', 'expired'] as const;

/* Requests. */

export const adminReportsQuerySchema = z.object({
  /** `open` (default): files with open reports; `closed`: files whose reports were all closed. */
  status: z._default(z.enum(['open', 'closed', 'all']), 'open'),
  limit: limit(50),
});
export const adminFileParamsSchema = z.object({ fileId: shortCode });
export const adminAccountParamsSchema = z.object({ accountId: z.uuid() });
export const adminAddressParamsSchema = z.object({ addressHash });

export const adminFilesQuerySchema = z.object({
  /** A link, a short code, a file id or an account's email. */
  q: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(2048)),
  limit: limit(50),
});

export const adminRemoveFileSchema = z.object({
  /** One of the report reasons: why the moderator removed it (kept in the audit log). */
  reason: z.enum(REPORT_REASONS, { error: `must be one of ${REPORT_REASONS.join(', ')}` }),
  note,
});
export const adminDismissSchema = z.object({ note });

const blockDays = z.number().check(z.int(), z.gte(1), z.lte(3650, 'must be at most 3650 days'));

export const adminBlockUploaderSchema = z
  .object({
    suspendAccount: z._default(z.boolean(), false),
    /** Blocks the uploader's address from uploading for this many days; absent = no block. */
    blockAddressDays: z.optional(blockDays),
    note,
  })
  .check(
    z.refine(
      (body) => body.suspendAccount || body.blockAddressDays !== undefined,
      'choose suspendAccount, blockAddressDays or both',
    ),
  );
export const adminBlockAddressSchema = z.object({ days: blockDays, note });
export const adminSuspendSchema = z.object({ note });

export const adminAuditQuerySchema = z.object({
  limit: limit(100),
  /** The `id` of the last entry of the previous page: older entries follow. */
  before: z.optional(z.uuid()),
});

/* Answers. */

export const adminUploaderSchema = z.object({
  accountId: z.nullable(z.string()),
  email: z.nullable(z.string()),
  /** The account's email, or "Anonymous". */
  label: z.string(),
  suspended: z.boolean(),
  addressHash: z.nullable(z.string()),
  /** When the uploader's address block ends; null when it is not blocked. */
  addressBlockedUntil: z.nullable(z.string()),
});

export const adminFileSchema = z.object({
  fileId: z.string(),
  link: z.string(),
  /** `uploading`, `ready`, `removed` (a tombstone) or `expired` (not swept yet). */
  status: z.enum(['uploading', 'scanning', 'ready', 'removed', 'expired']),
  removedAt: z.nullable(z.string()),
  removedReason: z.nullable(z.enum(REMOVAL_REASONS)),
  /** Plain uploads only; an encrypted file's name is sealed. */
  originalName: z.nullable(z.string()),
  contentType: z.string(),
  isEncrypted: z.boolean(),
  size: z.number(),
  createdAt: z.string(),
  ageSeconds: z.number(),
  expiresAt: z.string(),
  downloads: z.number(),
  downloadLimit: z.nullable(z.number()),
  uploader: adminUploaderSchema,
  openReports: z.number(),
  totalReports: z.number(),
});
export type AdminFile = z.infer<typeof adminFileSchema>;

export const adminReportSchema = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.nullable(z.string()),
  reporterEmail: z.nullable(z.string()),
  createdAt: z.string(),
  status: z.enum(REPORT_STATUSES),
  closedAt: z.nullable(z.string()),
  keyIncluded: z.boolean(),
  /** The link key the reporter included (`key=…&iv=…`), while the report is open. */
  key: z.nullable(z.string()),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportGroupSchema = z.object({
  fileId: z.string(),
  link: z.string(),
  /** Null once the file's row is gone (expired and swept, or deleted by its owner). */
  file: z.nullable(adminFileSchema),
  reportCount: z.number(),
  openCount: z.number(),
  /** Distinct reporting addresses. */
  reporters: z.number(),
  reasons: z.record(z.enum(REPORT_REASONS), z.number()),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  keyIncluded: z.boolean(),
  /** The first key an open report included: what "Open file" decrypts with. */
  key: z.nullable(z.string()),
  reports: z.array(adminReportSchema),
});
export type AdminReportGroup = z.infer<typeof adminReportGroupSchema>;

export const adminReportsSchema = z.object({ groups: z.array(adminReportGroupSchema) });
export const adminReportGroupResponseSchema = z.object({ group: adminReportGroupSchema });
export const adminFilesSchema = z.object({ files: z.array(adminFileSchema) });
export const adminFileResponseSchema = z.object({ file: adminFileSchema });

export const adminOverviewSchema = z.object({
  storageUsedBytes: z.number(),
  storageMaxBytes: z.nullable(z.number()),
  liveFiles: z.number(),
  last24h: z.object({ uploads: z.number(), bytes: z.number() }),
  openReports: z.number(),
  openReportedFiles: z.number(),
  blockedAddresses: z.number(),
  suspendedAccounts: z.number(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const AUDIT_ACTIONS = [
  'file.removed',
  'reports.dismissed',
  'account.suspended',
  'account.unsuspended',
  'address.blocked',
  'address.unblocked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ accountId: z.nullable(z.string()), label: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  fileId: z.nullable(z.string()),
  accountId: z.nullable(z.string()),
  addressHash: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  note: z.nullable(z.string()),
  until: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null at the end. */
  next: z.nullable(z.string()),
});

export const adminBlocksSchema = z.object({
  addresses: z.array(
    z.object({ addressHash: z.string(), createdAt: z.string(), until: z.string() }),
  ),
  accounts: z.array(
    z.object({ accountId: z.string(), email: z.string(), suspendedAt: z.string() }),
  ),
});

/** What an action answers: the file or group as it now is, and the audit entries it wrote. */
export const adminActionSchema = z.object({
  file: z.nullable(adminFileSchema),
  audit: z.array(auditEntrySchema),
});
