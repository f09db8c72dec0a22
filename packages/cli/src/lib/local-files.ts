/**
 * What `sealdrop send` was given, as the list of files it sends: a file alone goes by its name, a
 * folder's files by their path under it (starting with the folder's own name), as the web page's
 * folder picker lists them. Sorted so that the same folder always makes the same bundle.
 *
 * Symbolic links inside a folder (README "Command line"): one that points outside the folder is
 * not followed unless `followSymlinks` (a folder from elsewhere must not send `~/.ssh/id_rsa`
 * through a link planted in it), and following one is said. One that points inside the folder is
 * skipped: what it points to is sent anyway, under its own path, and no link can make a loop.
 * A file or folder named on the command line is taken as given, link or not.
 */
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, join, resolve, sep } from 'node:path';
import { safeEntryPath } from '@sealdrop/core/file-list';
import { CliError, EXIT } from './errors';

export interface LocalFile {
  absolutePath: string;
  /** `/`-separated path relative to what was picked: the metadata record's `path`. */
  path: string;
  size: number;
  mtimeMs: number;
}

export interface CollectOptions {
  /** Follow symbolic links that point outside the folder they are in. */
  followSymlinks?: boolean;
  /** Told of every symbolic link not followed, or followed out of the folder. */
  onNotice?: (text: string) => void;
}

export async function collectFiles(
  inputs: readonly string[],
  options: CollectOptions = {},
): Promise<LocalFile[]> {
  const files: LocalFile[] = [];
  for (const input of inputs) {
    const absolutePath = resolve(input);
    const info = await stat(absolutePath).catch(() => {
      throw new CliError(`No such file or folder: ${input}`, EXIT.usage);
    });
    const name = basename(absolutePath);
    if (info.isDirectory()) {
      const root = await realpath(absolutePath);
      const walk = walker({ root, shownRoot: input, options, into: files });
      await walk(absolutePath, name, [root]);
    } else if (info.isFile()) files.push(entry(absolutePath, name, info));
    else throw new CliError(`Not a file or folder: ${input}`, EXIT.usage);
  }
  if (files.length === 0) throw new CliError('Nothing to send: the folders are empty.', EXIT.usage);
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.path)) throw new CliError(`${file.path} is given twice.`, EXIT.usage);
    seen.add(file.path);
  }
  return files;
}

interface WalkContext {
  /** The real path of the folder given. */
  root: string;
  /** How the person named it, for the notices. */
  shownRoot: string;
  options: CollectOptions;
  into: LocalFile[];
}

function walker({ root, shownRoot, options, into }: WalkContext) {
  const notice = (text: string) => options.onNotice?.(text);
  const isInside = (path: string) => path === root || path.startsWith(root + sep);
  /** `ancestors`: the real paths of the folders being walked, to refuse a loop. */
  const walk = async (dir: string, prefix: string, ancestors: string[]): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const child of entries) {
      const path = `${prefix}/${child.name}`;
      const found = await followed(child, join(dir, child.name), path, ancestors);
      if (!found) continue;
      const info = await stat(found);
      if (info.isDirectory()) await walk(found, path, [...ancestors, await realpath(found)]);
      else if (info.isFile()) into.push(entry(found, path, info));
    }
  };
  /** Where an entry's bytes are read from: itself, what its link points to, or nothing. */
  const followed = async (
    child: Dirent,
    absolutePath: string,
    path: string,
    ancestors: string[],
  ): Promise<string | null> => {
    if (!child.isSymbolicLink()) return absolutePath;
    const target = await realpath(absolutePath).catch(() => null);
    if (!target) {
      notice(`Not sent: ${path} is a symbolic link to nothing.`);
      return null;
    }
    if (isInside(target)) return null;
    if (!options.followSymlinks) {
      notice(
        `Not sent: ${path} is a symbolic link to outside ${shownRoot} (--follow-symlinks sends what it points to).`,
      );
      return null;
    }
    if (ancestors.includes(target)) {
      notice(`Not sent: ${path} is a symbolic link to a folder that holds it.`);
      return null;
    }
    notice(`Following ${path}: a symbolic link to ${target}, outside ${shownRoot}.`);
    return target;
  };
  return walk;
}

function entry(absolutePath: string, path: string, info: { size: number; mtimeMs: number }) {
  return { absolutePath, path: safeEntryPath(path), size: info.size, mtimeMs: info.mtimeMs };
}
