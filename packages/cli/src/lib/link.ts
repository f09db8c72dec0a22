/**
 * A share link taken apart: the server's origin, the code in its path (/s/{code} or
 * /download/{fileId}) and the fragment with the key, which is never sent anywhere.
 */
import { INVALID_LINK_MESSAGE } from '@sealdrop/core/download-messages';
import { isShortCode } from '@sealdrop/core/short-code';
import { CliError, EXIT } from './errors';

export interface ParsedLink {
  origin: string;
  /** `s`: a short link, resolved first; `download`: the download page of a file id. */
  kind: 's' | 'download';
  code: string;
  /** The fragment without '#': `key=…&iv=…`, `wkey=…`, or empty for a plain file. */
  fragment: string;
}

export function parseLink(link: string): ParsedLink {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    throw new CliError(INVALID_LINK_MESSAGE, EXIT.usage);
  }
  const match = /^\/(s|download)\/([^/]+)\/?$/.exec(url.pathname);
  const code = match ? decodeURIComponent(match[2]!) : '';
  if (!match || !isShortCode(code) || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new CliError(INVALID_LINK_MESSAGE, EXIT.usage);
  }
  return {
    origin: url.origin,
    kind: match[1] as 's' | 'download',
    code,
    fragment: url.hash.replace(/^#/, ''),
  };
}
