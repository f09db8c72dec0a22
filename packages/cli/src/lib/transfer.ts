/**
 * What a send's steps share: the upload the server planned (presigned now or taken up from an
 * earlier run), which failures are retried, and how a dropped upload is cleaned up.
 */
import type { PartUrl } from '@sealdrop/core/api-schemas';
import { isAbortError, isRetryableStatus } from '@sealdrop/core/client/retry';
import { type Api, ApiError } from './api';
import { CliError, EXIT } from './errors';
import type { PartCipher } from './part-body';
import { PutError } from './put-stream';
import type { SendState } from './send-state';

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

/** An upload the server has planned: made now by presign, or found in a resumable state. */
export interface Transfer {
  objectKey: string;
  slug: string;
  link: string;
  expiresAt: string;
  cipher: PartCipher | null;
  uploadUrl?: string;
  multipart?: { uploadId: string; partSize: number; partCount: number; parts: PartUrl[] };
  concurrency: number;
  completed: CompletedPart[];
  state: SendState | null;
  /** Taken up from an earlier run's state rather than presigned now. */
  fromEarlierRun: boolean;
}

/** Which failures of a send may go right the next time (core's rule, on the CLI's errors). */
export function isRetryable(error: unknown): boolean {
  if (error instanceof PutError) return error.retryable;
  if (error instanceof ApiError) return isRetryableStatus(error.status);
  if (error instanceof CliError) return error.exitCode === EXIT.failed && !!error.cause;
  return !isAbortError(error);
}

/** Storage keeps (and bills) half-sent multipart uploads until told; a failure here changes nothing. */
export async function abortQuietly(api: Api, target: { objectKey: string; uploadId?: string }) {
  const { objectKey, uploadId } = target;
  await api
    .request('/upload/abort', {
      method: 'POST',
      body: { objectKey, ...(uploadId ? { uploadId } : {}) },
    })
    .catch(() => {});
}
