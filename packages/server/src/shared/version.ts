/**
 * Which build is running: the server package's version and the git commit it was built from.
 * The bundle (scripts/build-server.mjs) has both written in at build time; run from source, the
 * version is read from package.json and the commit asked of git. Where neither is available (a
 * copy of the sources without .git, no git installed) the commit is "unknown".
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Replaced by string literals in the bundle (esbuild `define`); undeclared when run from source.
declare const __SEALDROP_VERSION__: string | undefined;
declare const __SEALDROP_COMMIT__: string | undefined;

export const UNKNOWN = 'unknown';

export interface BuildVersion {
  version: string;
  commit: string;
}

function versionFromPackage(): string {
  try {
    const path = fileURLToPath(new URL('../../package.json', import.meta.url));
    const version = (JSON.parse(readFileSync(path, 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' ? version : UNKNOWN;
  } catch {
    return UNKNOWN;
  }
}

/** The commit checked out where this file lives, or "unknown" outside a git work tree. */
export function commitFromGit(cwd = fileURLToPath(new URL('.', import.meta.url))): string {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    }).trim();
    return /^[0-9a-f]{40}$/.test(commit) ? commit : UNKNOWN;
  } catch {
    return UNKNOWN;
  }
}

function readBuildVersion(): BuildVersion {
  return {
    version: typeof __SEALDROP_VERSION__ === 'string' ? __SEALDROP_VERSION__ : versionFromPackage(),
    commit: typeof __SEALDROP_COMMIT__ === 'string' ? __SEALDROP_COMMIT__ : commitFromGit(),
  };
}

/** Read once per process: git is asked at most once. */
export const buildVersion: BuildVersion = readBuildVersion();
