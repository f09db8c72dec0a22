/**
 * The server's visitor cookie for one link, kept across runs of `sealdrop get`. A limited link
 * counts a download once per visitor and, once spent, stays open only to the visitors it was given
 * to (for ten minutes), so a get resumed in a new process must come back as the same visitor:
 * otherwise a burn-after-reading link could never be resumed. Stored 0600 in the config directory
 * under a hash of the link (never its key), and removed once the download is complete.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { readJson, removeFile, writeSecretJson } from './config-dir';

export interface VisitorCookieStore {
  load: () => Promise<string>;
  save: (cookie: string) => Promise<void>;
  remove: () => Promise<void>;
}

export function visitorCookieStore(
  dir: string,
  link: { origin: string; kind: string; code: string },
): VisitorCookieStore {
  const name = createHash('sha256')
    .update(`${link.origin} ${link.kind} ${link.code}`)
    .digest('hex');
  const path = join(dir, 'downloads', `${name}.json`);
  let saved = '';
  return {
    async load() {
      const stored = (await readJson(path)) as { cookie?: unknown } | null;
      saved = typeof stored?.cookie === 'string' ? stored.cookie : '';
      return saved;
    },
    async save(cookie) {
      if (!cookie || cookie === saved) return;
      saved = cookie;
      await writeSecretJson(path, { cookie });
    },
    remove: () => removeFile(path),
  };
}
