/**
 * `sealdrop report <link> --reason …`: tells the link's server that a file breaks its terms. The
 * link's key stays here unless --include-key says otherwise: then, and only then, the key (for a
 * protected link, the key its passphrase opens) goes with the report, so that a moderator can
 * open the file.
 */
import { text } from 'node:stream/consumers';
import { buildFragment } from '@sealdrop/core/crypto/fragment';
import { REPORT_THANKS, type ReportReason } from '@sealdrop/core/moderation';
import { createApi } from '../lib/api';
import { linkSecrets } from '../lib/download';
import { CliError, EXIT } from '../lib/errors';
import { parseLink } from '../lib/link';
import { printOut } from '../lib/output';
import { readSecret } from '../lib/prompt';

export interface ReportOptions {
  reason: ReportReason;
  details?: string;
  email?: string;
  includeKey?: boolean;
}

export async function reportCommand(linkArgument: string, options: ReportOptions): Promise<void> {
  const link = linkArgument === '-' ? (await text(process.stdin)).trim() : linkArgument;
  if (!link) throw new CliError('No link given.', EXIT.usage);
  const parsed = parseLink(link);
  let key: string | undefined;
  if (options.includeKey) {
    if (!parsed.fragment)
      throw new CliError('--include-key needs the whole link, with its #key.', EXIT.usage);
    const secrets = await linkSecrets(parsed.fragment, () =>
      readSecret({ label: 'Passphrase', envName: 'SEALDROP_PASSPHRASE' }),
    );
    key = buildFragment(secrets);
  }
  await createApi(parsed.origin).request('/reports', {
    method: 'POST',
    body: {
      code: parsed.code,
      reason: options.reason,
      ...(options.details === undefined ? {} : { details: options.details }),
      ...(options.email === undefined ? {} : { email: options.email }),
      ...(key === undefined ? {} : { key }),
    },
  });
  printOut(REPORT_THANKS);
}
