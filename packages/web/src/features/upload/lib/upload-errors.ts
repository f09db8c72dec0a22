/**
 * Error kinds of the upload flow and the messages the UI shows for them. Kinds matter
 * because the UI message depends on where the failure happened, and retries only make sense for
 * some of them.
 */
import { ApiError } from '../../../lib/api-client';

export const NO_FILE_MESSAGE = 'No file provided';
export const PREPARE_FAILED_MESSAGE = 'Failed to process file. Please try again.';
export const UPLOAD_FAILED_MESSAGE = 'Upload failed. Please try again.';
export const ENCRYPT_INPUT_MESSAGE = 'EncryptionService.encryptBlob expected a Blob/File';

/** A failed PUT to storage. `retryable` says whether sending the same bytes again may succeed. */
export class TransferError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'TransferError';
  }
}

/** Key generation or encryption failed: the bytes never left the browser. */
export class PrepareError extends Error {
  constructor(cause: unknown) {
    super(PREPARE_FAILED_MESSAGE, { cause });
    this.name = 'PrepareError';
  }
}

export function abortError(): DOMException {
  return new DOMException('The upload was aborted.', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AbortError';
}

/** Whether sending a part again (with a fresh URL) can help. */
export function isRetryable(error: unknown): boolean {
  if (isAbortError(error) || error instanceof PrepareError) return false;
  if (error instanceof TransferError) return error.retryable;
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
  // fetch() network failures surface as TypeError; anything unknown is worth one more try.
  return true;
}

/**
 * The server removed the upload (410): the malware scanner blocked it, or a moderator took it
 * down. Nothing is left to abort, and sending it again would meet the same end.
 */
export function isRemovedUpload(error: unknown): boolean {
  return error instanceof ApiError && error.status === 410;
}

/** The text shown under "Upload failed" in the status card. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof PrepareError) return PREPARE_FAILED_MESSAGE;
  if (error instanceof Error && error.message === NO_FILE_MESSAGE) return NO_FILE_MESSAGE;
  if (error instanceof ApiError && error.message) return error.message;
  return UPLOAD_FAILED_MESSAGE;
}
