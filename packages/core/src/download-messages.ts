/**
 * What a recipient is told when a download fails, shared by the download page and the command-line
 * client so both say the same words. Texts marked "product" are the product's fixed wording.
 */

/** product */
export const INVALID_LINK_MESSAGE =
  'Invalid file link. The link may be incomplete or the file has expired.';
/** product */
export const NOT_FOUND_MESSAGE = 'File not found or has expired.';
/** product: the general fallback for any failing step. */
export const GENERAL_ERROR_MESSAGE = 'Error downloading or decrypting the file.';

/**
 * The link's key does not open its file: said as soon as the page can tell (the sealed metadata
 * record does not open with it), before anything is downloaded.
 */
export const WRONG_KEY_MESSAGE =
  'The key in the link does not open this file. Check that the whole link was copied.';

/** Detail shown when not even the first record opens: almost always a damaged or wrong link. */
export const FIRST_RECORD_FAILED_DETAIL = `${WRONG_KEY_MESSAGE} Nothing was saved.`;

/** Detail under GENERAL_ERROR_MESSAGE for a record that fails later (tampered or cut short). */
export function stoppedDetail(reason: string): string {
  return `${reason}. The download was stopped.`;
}

/**
 * What a refused download says, on the page and in `sealdrop get` alike: an unknown, expired or
 * spent link its fixed text; other 4xx messages come from our own server and are written for
 * people (e.g. "still uploading"); anything else the general text, never a raw message.
 */
export function refusedDownloadMessage(status: number, serverMessage: string | null): string {
  if (status === 404) return NOT_FOUND_MESSAGE;
  if (status >= 400 && status < 500 && serverMessage) return serverMessage;
  return GENERAL_ERROR_MESSAGE;
}
