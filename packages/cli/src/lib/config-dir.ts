/**
 * Where the CLI keeps its state: the session token (login) and the state of unfinished sends
 * (resume). Files holding secrets are written 0600 in a 0700 directory.
 */
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** SEALDROP_CONFIG_DIR, else $XDG_CONFIG_HOME/sealdrop, %APPDATA%\sealdrop or ~/.config/sealdrop. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SEALDROP_CONFIG_DIR) return env.SEALDROP_CONFIG_DIR;
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'sealdrop');
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'sealdrop');
  return join(homedir(), '.config', 'sealdrop');
}

/** Writes `data` as JSON readable by its owner only. */
export async function writeSecretJson(path: string, data: unknown): Promise<void> {
  const dir = join(path, '..');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(data)}\n`, { mode: 0o600 });
  // writeFile keeps the mode of a file that already existed: make sure.
  await chmod(temporary, 0o600);
  await rename(temporary, path);
}

export async function readJson(path: string): Promise<unknown | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return null;
  }
}

export async function removeFile(path: string): Promise<void> {
  await rm(path, { force: true });
}
