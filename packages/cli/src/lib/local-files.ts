/**
 * What `sealdrop send` was given, as the list of files it sends: a file alone goes by its name, a
 * folder's files by their path under it (starting with the folder's own name), as the web page's
 * folder picker lists them. Sorted so that the same folder always makes the same bundle.
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { safeEntryPath } from '@sealdrop/core/file-list';
import { CliError, EXIT } from './errors';

export interface LocalFile {
  absolutePath: string;
  /** `/`-separated path relative to what was picked: the metadata record's `path`. */
  path: string;
  size: number;
  mtimeMs: number;
}

export async function collectFiles(inputs: readonly string[]): Promise<LocalFile[]> {
  const files: LocalFile[] = [];
  for (const input of inputs) {
    const absolutePath = resolve(input);
    const info = await stat(absolutePath).catch(() => {
      throw new CliError(`No such file or folder: ${input}`, EXIT.usage);
    });
    const name = basename(absolutePath);
    if (info.isDirectory()) await walk(absolutePath, name, files);
    else if (info.isFile()) files.push(entry(absolutePath, name, info));
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

async function walk(dir: string, prefix: string, into: LocalFile[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const child of entries) {
    const absolutePath = join(dir, child.name);
    const path = `${prefix}/${child.name}`;
    // Symbolic links are followed, like a browser's folder picker does.
    const info = await stat(absolutePath);
    if (info.isDirectory()) await walk(absolutePath, path, into);
    else if (info.isFile()) into.push(entry(absolutePath, path, info));
  }
}

function entry(absolutePath: string, path: string, info: { size: number; mtimeMs: number }) {
  return { absolutePath, path: safeEntryPath(path), size: info.size, mtimeMs: info.mtimeMs };
}
