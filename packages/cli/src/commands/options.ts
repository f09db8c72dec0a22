/** Option values shared by the commands, parsed once with their messages. */
import { MAX_DOWNLOAD_LIMIT, publicConfigSchema } from '@sealdrop/core/api-schemas';
import {
  type ExpiryOption,
  expiryByFlag,
  type LinkLimits,
  linkLimits,
  serverExpiryOptions,
} from '@sealdrop/core/client/link-options';
import { retentionLabel } from '@sealdrop/core/retention';
import { InvalidArgumentError } from 'commander';
import { type Api, createApi, serverOrigin } from '../lib/api';
import { CliError, EXIT } from '../lib/errors';

export const DEFAULT_SERVER = 'http://localhost:8080';

export function parseLimit(value: string): number {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_DOWNLOAD_LIMIT) {
    throw new InvalidArgumentError(`it must be a whole number from 1 to ${MAX_DOWNLOAD_LIMIT}.`);
  }
  return limit;
}

/**
 * The expiries a server offers, from its GET /api/config through core's link options (the page's
 * "Expires after" choices), for any plan: the command line does not know the sender's.
 */
export interface ServerExpiries {
  limits: LinkLimits;
  options: ExpiryOption[];
}

export async function serverExpiries(api: Api, signal?: AbortSignal): Promise<ServerExpiries> {
  const config = publicConfigSchema.parse(await api.request('/config', { signal }));
  const limits = linkLimits(config);
  return { limits, options: serverExpiryOptions(limits) };
}

/** `--expire` as seconds, or a usage error listing what this server offers. */
export function expirySeconds(flag: string, expiries: ServerExpiries): number {
  const option = expiryByFlag(flag, expiries.options);
  if (option) return option.seconds;
  throw new CliError(
    `--expire ${flag} is not offered by this server. Choose one of: ${expiryList(expiries)}.`,
    EXIT.usage,
  );
}

/** "1h (1 hour), 1d (1 day), 7d (7 days, Premium)". */
function expiryList({ options }: ServerExpiries): string {
  return options.map((o) => `${o.flag} (${o.label}${o.premiumOnly ? ', Premium' : ''})`).join(', ');
}

/** The help of `send --expire`, naming the server's choices once they are known. */
export function expireHelp(expiries: ServerExpiries | null): string {
  if (!expiries) {
    return "how long the link lives: 1h, 1d, 7d, 30d or the server's retention, as far as your plan keeps files (default: as long as it keeps them)";
  }
  const { free, premium } = expiries.limits.retentionMs;
  return `how long the link lives: ${expiryList(expiries)} (default: ${retentionLabel(free)}, ${retentionLabel(premium)} with Premium)`;
}

/**
 * The server `send` would talk to, from its arguments or SEALDROP_SERVER, and its expiries; null
 * when it does not answer at once (the help then says the rule instead).
 */
export async function expiriesForHelp(argv: readonly string[]): Promise<ServerExpiries | null> {
  const at = argv.findIndex((arg) => arg === '-s' || arg === '--server');
  const inline = argv.find((arg) => arg.startsWith('--server='))?.slice('--server='.length);
  const server = (at >= 0 ? argv[at + 1] : inline) ?? process.env.SEALDROP_SERVER ?? DEFAULT_SERVER;
  try {
    return await serverExpiries(createApi(serverOrigin(server)), AbortSignal.timeout(3000));
  } catch {
    return null;
  }
}
