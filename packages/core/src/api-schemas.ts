/**
 * Request and response shapes of the HTTP contract (README "The API by hand"), shared by server and web.
 * Requests are parsed with these on the server; unknown fields are stripped.
 */
import { z } from 'zod/mini';
import {
  MAX_ENCRYPTED_METADATA_CHARS,
  MAX_LINK_FILES,
  maxEncryptedMetadataChars,
} from './crypto/metadata-limits';
import { isMediaType } from './media-type';
import { REPORT_REASONS } from './moderation';
import { SHORT_CODE_PATTERN } from './short-code';

/** The highest download limit a sendermay set. */
export const MAX_DOWNLOAD_LIMIT = 100;

const shortCode = z
  .string()
  .check(z.regex(SHORT_CODE_PATTERN, 'must be a short code of 10–32 letters and digits'));
const objectKey = z.string().check(z.minLength(1), z.maxLength(512));
/** The secret /tiny/instant returns with a reserved code (32 random bytes, base64url). */
const completeToken = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'must be the completeToken that /tiny/instant returned'));
const fileName = z.string().check(
  z.trim(),
  z.minLength(1, 'is required'),
  z.maxLength(255, 'must be at most 255 characters'),
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  z.refine((name) => !/[\u0000-\u001f\u007f]/.test(name), 'must not contain control characters'),
  z.refine((name) => !/[\\/]/.test(name), 'must be a file name, not a path'),
);

/**
 * The names, sizes, types and paths of an encrypted upload's files, sealed in the browser
 * (crypto/metadata-record.ts): opaque to the server, stored and returned as is.
 */
export const encryptedMetadataSchema = z
  .string()
  .check(
    z.minLength(1, 'is required'),
    z.maxLength(
      MAX_ENCRYPTED_METADATA_CHARS,
      `must be at most ${MAX_ENCRYPTED_METADATA_CHARS} characters`,
    ),
    z.regex(/^[A-Za-z0-9_-]+$/, 'must be base64url text'),
  );

const presignFields = z.object({
  /** Plain uploads only: an encrypted upload's name travels sealed in encryptedMetadata. */
  filename: z.optional(fileName),
  /** Plain uploads only; absent or empty (a browser that knows no type) = application/octet-stream. */
  contentType: z.optional(
    z.string().check(
      z.trim(),
      z.refine(
        (value) => value === '' || isMediaType(value),
        'must be a media type such as text/plain or text/plain; charset=utf-8',
      ),
    ),
  ),
  /** Encrypted uploads only, instead of filename and contentType. */
  encryptedMetadata: z.optional(encryptedMetadataSchema),
  /**
   * How many files the link carries (listed in encryptedMetadata); absent = 1. It bounds how long
   * encryptedMetadata may be (crypto/metadata-limits.ts).
   */
  fileCount: z.optional(
    z
      .number()
      .check(
        z.int('must be a whole number of files'),
        z.gte(1, 'must be at least 1'),
        z.lte(MAX_LINK_FILES, `must be at most ${MAX_LINK_FILES}`),
      ),
  ),
  size: z.number().check(z.int(), z.nonnegative(), z.lte(Number.MAX_SAFE_INTEGER)),
  isEncrypted: z._default(z.boolean(), false),
  shortCode: z.optional(shortCode),
  /** Required with shortCode: only the reserver may use a reserved code. */
  completeToken: z.optional(completeToken),
  /**
   * How long the link lives, in seconds; absent = the tier's retention. The server
   * refuses more than the tier allows.
   */
  expiresIn: z.optional(
    z
      .number()
      .check(
        z.int('must be a whole number of seconds'),
        z.gte(60, 'must be at least 60 seconds'),
        z.lte(366 * 24 * 3600, 'must be at most a year'),
      ),
  ),
  /** How many downloads the link allows; absent = unlimited. */
  downloadLimit: z.optional(
    z
      .number()
      .check(
        z.int('must be a whole number of downloads'),
        z.gte(1, 'must be at least 1'),
        z.lte(MAX_DOWNLOAD_LIMIT, `must be at most ${MAX_DOWNLOAD_LIMIT}`),
      ),
  ),
});

/** An encrypted upload never tells the server its file's name or type (docs/encryption.md, "What the server sees"). */
export const ENCRYPTED_NAME_REFUSED =
  'must not be sent for an encrypted upload: the browser seals the name and type in encryptedMetadata';

/** What a presign hears when its sealed record is longer than its declared files can need. */
export function metadataTooLong(fileCount: number): string {
  const files = fileCount === 1 ? 'one file' : `${fileCount} files`;
  return `is longer than ${files} can need (at most ${maxEncryptedMetadataChars(fileCount)} characters); fileCount must give the number of files in the link`;
}

export const presignRequestSchema = presignFields.check(
  z.superRefine((body, ctx) => {
    if (body.isEncrypted) {
      for (const field of ['filename', 'contentType'] as const) {
        if (body[field] !== undefined)
          ctx.addIssue({ code: 'custom', path: [field], message: ENCRYPTED_NAME_REFUSED });
      }
      if (body.encryptedMetadata === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['encryptedMetadata'],
          message: 'is required for an encrypted upload',
        });
      else if (body.encryptedMetadata.length > maxEncryptedMetadataChars(body.fileCount ?? 1))
        ctx.addIssue({
          code: 'custom',
          path: ['encryptedMetadata'],
          message: metadataTooLong(body.fileCount ?? 1),
        });
    } else {
      if (body.fileCount !== undefined && body.fileCount !== 1)
        ctx.addIssue({
          code: 'custom',
          path: ['fileCount'],
          message: 'must be 1 for a plain upload: several files in one link are always encrypted',
        });
      if (body.filename === undefined)
        ctx.addIssue({ code: 'custom', path: ['filename'], message: 'is required' });
      if (body.encryptedMetadata !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['encryptedMetadata'],
          message: 'is only for encrypted uploads (isEncrypted: true)',
        });
    }
  }),
);
export type PresignRequest = z.input<typeof presignRequestSchema>;

export const partUrlSchema = z.object({ partNumber: z.number().check(z.int()), url: z.string() });
export type PartUrl = z.infer<typeof partUrlSchema>;

/*
 * Response schemas: the server's answers as the browser reads them (it parses, never casts).
 * They check types only, not the limits the server enforced when it made the values.
 */

export const multipartPlanSchema = z.object({
  uploadId: z.string(),
  /** Plaintext bytes per part (a whole number of records); see upload-plan.ts. */
  partSize: z.number(),
  partCount: z.number(),
  /** The first URLs; ask POST /upload/parts for the rest or for fresh ones. */
  parts: z.array(partUrlSchema),
});
export type MultipartPlan = z.infer<typeof multipartPlanSchema>;

export const presignResponseSchema = z.object({
  uploadUrl: z.optional(z.string()),
  multipart: z.optional(multipartPlanSchema),
  objectKey: z.string(),
  slug: z.string(),
  shortUrl: z.string(),
  expiresAt: z.string(),
  objectSize: z.number(),
  concurrency: z.number(),
});
export type PresignResponse = z.infer<typeof presignResponseSchema>;

export const partsResponseSchema = z.object({ parts: z.array(partUrlSchema) });

export const partsRequestSchema = z.object({
  objectKey,
  uploadId: z.string().check(z.minLength(1), z.maxLength(1024)),
  partNumbers: z
    .array(z.number().check(z.int(), z.gte(1), z.lte(10_000)))
    .check(z.minLength(1), z.maxLength(1000)),
});

export const finalizeRequestSchema = z
  .object({
    objectKey: z.optional(objectKey),
    slug: z.optional(shortCode),
    parts: z.optional(
      z
        .array(
          z.object({
            partNumber: z.number().check(z.int(), z.gte(1), z.lte(10_000)),
            etag: z.string().check(z.minLength(1), z.maxLength(200)),
          }),
        )
        .check(z.maxLength(10_000)),
    ),
  })
  .check(z.refine((body) => body.objectKey || body.slug, 'finalize requires objectKey or slug'));

/**
 * Where a finalized file stands: `ready`, or `scanning` while the malware scanner checks a plain
 * upload (the link already opens on the waiting state). Finalize may be asked again to learn the
 * outcome: `ready`, or a 410 saying the file was blocked. Absent from older servers: ready.
 */
export const FINALIZED_STATUSES = ['ready', 'scanning'] as const;

export const finalizeResponseSchema = z.object({
  fileId: z.string(),
  storageKey: z.string(),
  downloadUrl: z.string(),
  status: z.optional(z.enum(FINALIZED_STATUSES)),
});
export type FinalizeResponse = z.infer<typeof finalizeResponseSchema>;

/** POST /upload/heartbeat: the sender's running upload says how far it got (plaintext bytes). */
export const heartbeatRequestSchema = z.object({
  objectKey,
  sentBytes: z.number().check(z.int(), z.gte(0), z.lte(Number.MAX_SAFE_INTEGER)),
});
export const heartbeatResponseSchema = z.object({ progress: z.number() });
export type HeartbeatResponse = z.infer<typeof heartbeatResponseSchema>;

export const abortRequestSchema = z.object({
  objectKey,
  uploadId: z.optional(z.string().check(z.minLength(1), z.maxLength(1024))),
});

/** What info says of a file: downloadable, or one of the two waits. */
export const FILE_STATUSES = ['ready', 'uploading', 'scanning'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** Whether a recipient's page (or `sealdrop get`) waits and asks again. */
export function isWaitingStatus(status: FileStatus | undefined): boolean {
  return status === 'uploading' || status === 'scanning';
}

export const fileInfoSchema = z.object({
  fileId: z.string(),
  /**
   * The file name of a plain upload, or of an encrypted one made before names were sealed; null
   * when the name is only in encryptedMetadata.
   */
  originalName: z.nullable(z.string()),
  /** Encrypted uploads: the sealed metadata record, as presign received it; else absent. */
  encryptedMetadata: z.nullish(z.string()),
  size: z.number(),
  contentType: z.string(),
  isEncrypted: z.boolean(),
  expiresAt: z.string(),
  /**
   * `uploading` while the sender's transfer runs: the link already works, the bytes are not there
   * yet (the page waits); `scanning` while the malware scanner checks a plain upload (the page
   * waits too). Absent from older servers, which answered 409 instead: read as ready.
   */
  status: z.optional(z.enum(FILE_STATUSES)),
  /** Downloads the link still allows; null = unlimited. Absent from older servers. */
  downloadsLeft: z.nullish(z.number()),
  /**
   * While `uploading`: bytes of `size` the server knows the sender has sent, and `stalled` once
   * that figure has not grown for the server's stall time (60 s by default): the sender is
   * offline or gone. Absent otherwise and from older servers.
   */
  progress: z.optional(z.number()),
  stalled: z.optional(z.boolean()),
});
export type FileInfo = z.infer<typeof fileInfoSchema>;

/** POST /files/:fileId/downloaded. */
export const downloadFinishedSchema = z.object({ deleted: z.boolean() });

/**
 * GET /config, the part the page reads (one schema for every reader: they share one cache entry,
 * and parsing drops what a schema does not name).
 */
export const publicConfigSchema = z.object({
  features: z.optional(z.object({ oidc: z.optional(z.boolean()) })),
  oidcName: z.optional(z.string()),
  /** TOKEN_EXPLORER_URL, a template with {mint}. */
  tokenExplorerUrl: z.optional(z.string()),
  /** Whether a token is configured: without one, no reward is asked for (they all answer 404). */
  tokenConfigured: z.optional(z.boolean()),
  /** ABUSE_EMAIL and OPERATOR_NAME, for /terms and the report dialog; null when unset. */
  abuseEmail: z.nullish(z.string()),
  operatorName: z.nullish(z.string()),
  /** The reasons POST /reports accepts (the dialog labels them). */
  reportReasons: z.optional(z.array(z.enum(REPORT_REASONS))),
  /** RETENTION_HOURS and PREMIUM_RETENTION_DAYS: every retention text and expiry choice follows. */
  retentionHours: z.optional(z.number().check(z.positive())),
  premiumRetentionDays: z.optional(z.number().check(z.positive())),
  /** The size limit per tier, in bytes. */
  maxUploadBytes: z.optional(
    z.partial(z.object({ guest: z.number(), free: z.number(), premium: z.number() })),
  ),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const fileIdParamsSchema = z.object({ fileId: shortCode });
export const resolveQuerySchema = z.object({ slug: shortCode });
export const shortCodeParamsSchema = z.object({ shortCode });

export const tinyInstantRequestSchema = z.object({ originalName: z.optional(fileName) });
export const tinyInstantResponseSchema = z.object({
  tinyUrl: z.string(),
  shortCode: z.string(),
  /** Kept by the reserver (never in a URL): presign with shortCode and complete require it. */
  completeToken: z.string(),
});
export type TinyInstantResponse = z.infer<typeof tinyInstantResponseSchema>;

export const tinyCompleteRequestSchema = z.object({
  fileId: shortCode,
  completeToken,
  storageKey: z.optional(objectKey),
  originalName: z.optional(fileName),
});

export interface ShortLinkAnalytics {
  shortCode: string;
  clicks: number;
  createdAt: string;
  lastAccessAt: string | null;
  fileId: string | null;
}

/** GET /s/:shortCode, the part the page reads: where the download page is. */
export const shortLinkTargetSchema = z.object({ downloadUrl: z.string().check(z.minLength(1)) });

export interface ResolveResponse {
  fileId: string;
  downloadUrl: string;
}

export type ApiSuccess<T> = { status: 'success'; data: T };
export type ApiError = { status: 'error'; message: string };
