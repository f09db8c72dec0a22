/**
 * User-facing failures of the download page. The fixed product texts live in core's
 * download-messages.ts; the others here explain cases those texts do not name.
 */
import { UnsupportedFormatError } from '@sealdrop/core/crypto/record-header';
import { DecryptionError } from '@sealdrop/core/crypto/record-seal';
import {
  FIRST_RECORD_FAILED_DETAIL,
  GENERAL_ERROR_MESSAGE,
  INVALID_LINK_MESSAGE,
  NOT_FOUND_MESSAGE,
  refusedDownloadMessage,
  stoppedDetail,
  WRONG_KEY_MESSAGE,
} from '@sealdrop/core/download-messages';
import { ApiError } from '../../../lib/api-client';

// The texts live in core, shared with the command-line client (packages/cli).
export {
  FIRST_RECORD_FAILED_DETAIL,
  GENERAL_ERROR_MESSAGE,
  INVALID_LINK_MESSAGE,
  NOT_FOUND_MESSAGE,
  WRONG_KEY_MESSAGE,
};

export const TOO_LARGE_FOR_BROWSER_MESSAGE =
  'This browser cannot save a file this large. Please open the link in a current version of Chrome, Edge, Firefox or Safari.';
export const DOWNLOAD_CANCELLED_MESSAGE = 'The download was cancelled.';
export const DOWNLOAD_TIMEOUT_MESSAGE = 'The server did not answer in time. Please try again.';

/** A failure whose message is written for the person in front of the page. */
export class DownloadError extends Error {
  override name = 'DownloadError';
}

/** The first record did not decrypt, so nothing was downloaded or saved. */
export class FirstRecordError extends Error {
  override name = 'FirstRecordError';
}

/** A save method that cannot be used here; the next one is tried. */
export class SinkUnavailableError extends Error {
  override name = 'SinkUnavailableError';
}

export interface DownloadFailure {
  message: string;
  /** Why, when the headline is the general fallback. */
  detail?: string;
}

/** True when the person dismissed a prompt (the save picker): not an error to show. */
export function isUserAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Maps anything thrown during a download to what the page shows. Raw messages of unknown errors
 * are never shown: they can be technical, and must not risk echoing request details.
 */
export function describeDownloadFailure(error: unknown): DownloadFailure {
  if (error instanceof DownloadError) return { message: error.message };
  if (error instanceof FirstRecordError) {
    return { message: GENERAL_ERROR_MESSAGE, detail: FIRST_RECORD_FAILED_DETAIL };
  }
  if (error instanceof ApiError) {
    return { message: refusedDownloadMessage(error.status, error.message) };
  }
  if (error instanceof DecryptionError || error instanceof UnsupportedFormatError) {
    // The crypto module's texts are written for people; the stop is what matters to them.
    return {
      message: GENERAL_ERROR_MESSAGE,
      detail: stoppedDetail(error.message),
    };
  }
  return { message: GENERAL_ERROR_MESSAGE };
}
