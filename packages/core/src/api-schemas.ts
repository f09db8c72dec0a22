/**
 * Request and response shapes of the HTTP contract (DESIGN §3), shared by server and web.
 * Requests are parsed with these on the server; unknown fields are stripped.
 */
import { z } from 'zod';
import { isMediaType } from './media-type';
import { SHORT_CODE_PATTERN } from './short-code';

/** The highest download limit a sender may set (DESIGN §6). */
export const MAX_DOWNLOAD_LIMIT = 100;

const shortCode = z
  .string()
  .regex(SHORT_CODE_PATTERN, 'must be a short code of 10–32 letters and digits');
const objectKey = z.string().min(1).max(512);
/** The secret /tiny/instant returns with a reserved code (32 random bytes, base64url). */
const completeToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the completeToken that /tiny/instant returned');
const fileName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(255, 'must be at most 255 characters')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), 'must not contain control characters')
  .refine((name) => !/[\\/]/.test(name), 'must be a file name, not a path');

export const presignRequestSchema = z.object({
  filename: fileName,
  contentType: z
    .string()
    .trim()
    // Empty (a browser that knows no type) means application/octet-stream.
    .refine(
      (value) => value === '' || isMediaType(value),
      'must be a media type such as text/plain or text/plain; charset=utf-8',
    )
    .default('application/octet-stream'),
  size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  isEncrypted: z.boolean().default(false),
  shortCode: shortCode.optional(),
  /** Required with shortCode: only the reserver may use a reserved code. */
  completeToken: completeToken.optional(),
  /**
   * How long the link lives, in seconds (DESIGN §6); absent = the tier's retention. The server
   * refuses more than the tier allows.
   */
  expiresIn: z
    .number()
    .int('must be a whole number of seconds')
    .min(60, 'must be at least 60 seconds')
    .max(366 * 24 * 3600, 'must be at most a year')
    .optional(),
  /** How many downloads the link allows (DESIGN §6); absent = unlimited. */
  downloadLimit: z
    .number()
    .int('must be a whole number of downloads')
    .min(1, 'must be at least 1')
    .max(MAX_DOWNLOAD_LIMIT, `must be at most ${MAX_DOWNLOAD_LIMIT}`)
    .optional(),
});
export type PresignRequest = z.input<typeof presignRequestSchema>;

export const partUrlSchema = z.object({ partNumber: z.number().int(), url: z.string() });
export type PartUrl = z.infer<typeof partUrlSchema>;

export interface MultipartPlan {
  uploadId: string;
  /** Plaintext bytes per part (a whole number of records); see upload-plan.ts. */
  partSize: number;
  partCount: number;
  /** The first URLs; ask POST /upload/parts for the rest or for fresh ones. */
  parts: PartUrl[];
}

export interface PresignResponse {
  uploadUrl?: string;
  multipart?: MultipartPlan;
  objectKey: string;
  slug: string;
  shortUrl: string;
  expiresAt: string;
  objectSize: number;
  concurrency: number;
}

export const partsRequestSchema = z.object({
  objectKey,
  uploadId: z.string().min(1).max(1024),
  partNumbers: z.array(z.number().int().min(1).max(10_000)).min(1).max(1000),
});

export const finalizeRequestSchema = z
  .object({
    objectKey: objectKey.optional(),
    slug: shortCode.optional(),
    parts: z
      .array(
        z.object({
          partNumber: z.number().int().min(1).max(10_000),
          etag: z.string().min(1).max(200),
        }),
      )
      .max(10_000)
      .optional(),
  })
  .refine((body) => body.objectKey || body.slug, 'finalize requires objectKey or slug');

export interface FinalizeResponse {
  fileId: string;
  storageKey: string;
  downloadUrl: string;
}

export const abortRequestSchema = z.object({
  objectKey,
  uploadId: z.string().min(1).max(1024).optional(),
});

export interface FileInfo {
  fileId: string;
  originalName: string;
  size: number;
  contentType: string;
  isEncrypted: boolean;
  expiresAt: string;
  /**
   * `uploading` while the sender's transfer runs: the link already works, the bytes are not there
   * yet (the page waits). Absent from older servers, which answered 409 instead: read as ready.
   */
  status?: 'ready' | 'uploading';
  /** Downloads the link still allows; null = unlimited. Absent from older servers. */
  downloadsLeft?: number | null;
}

export const fileIdParamsSchema = z.object({ fileId: shortCode });
export const resolveQuerySchema = z.object({ slug: shortCode });
export const shortCodeParamsSchema = z.object({ shortCode });

export const tinyInstantRequestSchema = z.object({ originalName: fileName.optional() });
export interface TinyInstantResponse {
  tinyUrl: string;
  shortCode: string;
  /** Kept by the reserver (never in a URL): presign with shortCode and complete require it. */
  completeToken: string;
}

export const tinyCompleteRequestSchema = z.object({
  fileId: shortCode,
  completeToken,
  storageKey: objectKey.optional(),
  originalName: fileName.optional(),
});

export interface ShortLinkAnalytics {
  shortCode: string;
  clicks: number;
  createdAt: string;
  lastAccessAt: string | null;
  fileId: string | null;
}

export interface ResolveResponse {
  fileId: string;
  downloadUrl: string;
}

export type ApiSuccess<T> = { status: 'success'; data: T };
export type ApiError = { status: 'error'; message: string };
