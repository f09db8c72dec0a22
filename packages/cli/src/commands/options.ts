/** Option values shared by the commands, parsed once with their messages. */
import { MAX_DOWNLOAD_LIMIT } from '@sealdrop/core/api-schemas';
import { InvalidArgumentError } from 'commander';

/** --expire choices, in seconds: the web page's "Expires after" choices (core's link options). */
export { EXPIRY_SECONDS } from '@sealdrop/core/client/link-options';

export const DEFAULT_SERVER = 'http://localhost:8080';

export function parseLimit(value: string): number {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_DOWNLOAD_LIMIT) {
    throw new InvalidArgumentError(`it must be a whole number from 1 to ${MAX_DOWNLOAD_LIMIT}.`);
  }
  return limit;
}
