/** Option values shared by the commands, parsed once with their messages. */
import { MAX_DOWNLOAD_LIMIT } from '@sealdrop/core/api-schemas';
import { InvalidArgumentError } from 'commander';

/** --expire choices, in seconds: the web page's "Expires after" choices. */
export const EXPIRY_SECONDS = { '1h': 3600, '1d': 86_400, '7d': 7 * 86_400, '30d': 30 * 86_400 };

export const DEFAULT_SERVER = 'http://localhost:8080';

export function parseLimit(value: string): number {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_DOWNLOAD_LIMIT) {
    throw new InvalidArgumentError(`it must be a whole number from 1 to ${MAX_DOWNLOAD_LIMIT}.`);
  }
  return limit;
}
