/**
 * `sealdrop get`, as the web download page does it (packages/web/src/features/download): resolve
 * the short link, read the file's info (waiting while the sender still uploads), open the key from
 * the fragment (asking for the passphrase of a protected link), open the sealed names, then fetch
 * the object through the server's redirect and decrypt it as it arrives with core's
 * createDecryptionStream, which verifies every record including the last.
 */
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { type FileInfo, isWaitingStatus, type ResolveResponse } from '@sealdrop/core/api-schemas';
import { DOWNLOAD_RETRY, withRetry } from '@sealdrop/core/client/retry';
import { type FragmentSecrets, parseFragment } from '@sealdrop/core/crypto/fragment';
import {
  MetadataError,
  type MetadataFile,
  openMetadata,
} from '@sealdrop/core/crypto/metadata-record';
import {
  parseProtectedFragment,
  unlockSecrets,
  WrongPassphraseError,
} from '@sealdrop/core/crypto/passphrase';
import {
  FIRST_RECORD_FAILED_DETAIL,
  GENERAL_ERROR_MESSAGE,
  INVALID_LINK_MESSAGE,
  NOT_FOUND_MESSAGE,
} from '@sealdrop/core/download-messages';
import { lastSegment, safeEntryPath, temporaryNameClash } from '@sealdrop/core/file-list';
import { askWhileWaiting } from '@sealdrop/core/upload-wait';
import { type Api, ApiError, createApi } from './api';
import { CliError, EXIT } from './errors';
import { bytesOnDisk, type Target } from './file-writer';
import { parseLink } from './link';
import { partOwner, partPath, readPartState, removePart } from './part-sidecar';
import { receiveObject } from './receive';
import { isRetryable } from './transfer';
import { visitorCookieStore } from './visitor-cookie';

export interface GetInput {
  link: string;
  /** A file to write, or a folder to write into; default: the current folder. */
  output?: string;
  force: boolean;
  signal: AbortSignal;
  /** Asked only for a passphrase-protected link. */
  readPassphrase: () => Promise<string>;
  /** The file is not there yet: still uploading, or being checked for malware. */
  onWaiting?: (why: 'uploading' | 'scanning') => void;
  /** An earlier, interrupted download of the same files left this many bytes to go on from. */
  onResume?: (bytes: number) => void;
  /** The connection dropped; another request goes on from the last whole record. */
  onInterrupted?: () => void;
  /** Object bytes received so far, of `total` (-1 when unknown). */
  onProgress?: (received: number, total: number) => void;
  /** The config directory, where a resumable download keeps its visitor cookie between runs. */
  stateDir?: string;
}

export interface GetResult {
  files: string[];
  bytes: number;
  seconds: number;
}

export async function getLink(input: GetInput): Promise<GetResult> {
  const started = performance.now();
  const link = parseLink(input.link);
  const api = createApi(link.origin);
  const visitor = input.stateDir ? visitorCookieStore(input.stateDir, link) : null;
  // An earlier run's cookie: a spent limited link still answers the visitor it was given to.
  let cookie = (await visitor?.load()) ?? '';
  const asVisitor = (): Record<string, string> => (cookie ? { Cookie: cookie } : {});
  // A 5xx or a lost connection (a server restarting, its database away for seconds) is tried
  // again with backoff, as the sender's requests are.
  const retried = <T>(task: () => Promise<T>) =>
    withRetry(task, { policy: DOWNLOAD_RETRY, signal: input.signal, shouldRetry: isRetryable });
  const fileId = await notFoundAs(() =>
    retried(() => resolveFileId(api, link.kind, link.code, input.signal, asVisitor())),
  );
  const askInfo = () =>
    notFoundAs(() => retried(() => fileInfo(api, fileId, input.signal, asVisitor())));
  const first = await askInfo();
  const secrets = first.isEncrypted ? await linkSecrets(link.fragment, input.readPassphrase) : null;
  const info = await askWhileWaiting(askInfo, (answer) => isWaitingStatus(answer.status), {
    first,
    signal: input.signal,
    onWait: (answer) => input.onWaiting?.(answer.status === 'scanning' ? 'scanning' : 'uploading'),
  });
  const files = await linkFiles(info, secrets);
  const owner = partOwner(fileId, secrets?.rawKey ?? null);
  const targets = await chooseTargets(files, input.output, input.force, owner);
  const onDisk = await bytesOnDisk(targets);
  if (onDisk > 0) input.onResume?.(onDisk);

  // A dropped connection is taken up again within the run by core's resumable reader (the page's
  // loop, under the download policy); then the next run of the same command goes on from disk.
  cookie = await receiveObject({
    api,
    fileId,
    secrets,
    targets,
    cookie,
    signal: input.signal,
    onCookie: async (fresh) => {
      cookie = fresh;
      await visitor?.save(fresh);
    },
    ...(input.onProgress ? { onProgress: input.onProgress } : {}),
    ...(input.onInterrupted ? { onInterrupted: input.onInterrupted } : {}),
  });
  // Burns a spent limited link at once, as the page does; the visitor cookie proves the download.
  await api
    .request(`/files/${encodeURIComponent(fileId)}/downloaded`, {
      method: 'POST',
      ...(cookie ? { headers: { Cookie: cookie } } : {}),
    })
    .catch(() => {});
  await visitor?.remove();
  return {
    files: targets.map((target) => target.path),
    bytes: targets.reduce((sum, target) => sum + target.size, 0),
    seconds: (performance.now() - started) / 1000,
  };
}

async function resolveFileId(
  api: Api,
  kind: 's' | 'download',
  code: string,
  signal: AbortSignal,
  headers: Record<string, string>,
) {
  if (kind === 'download') return code;
  const { downloadUrl } = await api.request<ResolveResponse>(`/s/${encodeURIComponent(code)}`, {
    signal,
    headers,
  });
  const url = new URL(downloadUrl, api.origin);
  const match = /^\/download\/([0-9A-Za-z]+)$/.exec(url.pathname);
  // Anything pointing elsewhere is refused, like the web page does.
  if (url.origin !== api.origin || !match) throw new CliError('Invalid response from server');
  return match[1]!;
}

function fileInfo(api: Api, fileId: string, signal: AbortSignal, headers: Record<string, string>) {
  return api.request<FileInfo>(`/files/${encodeURIComponent(fileId)}/info`, { signal, headers });
}

/** An unknown, expired or spent link says so in the web page's words. */
async function notFoundAs<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw new CliError(NOT_FOUND_MESSAGE, EXIT.notFound);
    }
    throw error;
  }
}

/** The key and iv a link's fragment holds, unlocked with the passphrase of a protected link. */
export async function linkSecrets(
  fragment: string,
  readPassphrase: () => Promise<string>,
): Promise<FragmentSecrets> {
  const open = parseFragment(fragment);
  if (open) return open;
  const sealed = parseProtectedFragment(fragment);
  if (!sealed) throw new CliError(INVALID_LINK_MESSAGE, EXIT.usage);
  try {
    return await unlockSecrets(sealed, await readPassphrase());
  } catch (error) {
    if (error instanceof WrongPassphraseError) {
      throw new CliError(error.message, EXIT.wrongPassphrase);
    }
    throw error;
  }
}

/** The link's files: from the sealed metadata, or the name the server keeps (plain, older links). */
async function linkFiles(info: FileInfo, secrets: FragmentSecrets | null): Promise<MetadataFile[]> {
  if (secrets && info.originalName === null && info.encryptedMetadata) {
    try {
      const { files } = await openMetadata(info.encryptedMetadata, secrets.rawKey);
      return files;
    } catch (error) {
      if (!(error instanceof MetadataError)) throw error;
      // Sealed under the same key as the file: a key that does not open it opens nothing.
      throw new CliError(GENERAL_ERROR_MESSAGE, EXIT.integrity, FIRST_RECORD_FAILED_DETAIL);
    }
  }
  const name = info.originalName ?? 'file';
  return [{ name, path: name, size: info.size, type: info.contentType }];
}

/**
 * One file: `-o` names it (or the folder it goes in). Several: they go under `-o` (default: here)
 * at their paths made safe by core's safeEntryPath, so no path leaves that folder. A `.part` there
 * that this link's download did not leave is replaced with --force, else refused.
 */
async function chooseTargets(
  files: readonly MetadataFile[],
  output: string | undefined,
  force: boolean,
  owner: string,
): Promise<Target[]> {
  const clash = temporaryNameClash(files.map((file) => file.path));
  if (clash) {
    throw new CliError(
      `The link lists both ${clash.entry} and ${clash.clash}, a name sealdrop itself writes while downloading ${clash.entry}.`,
    );
  }
  let targets: Target[];
  if (files.length === 1) {
    const name = lastSegment(files[0]!.name);
    const isDir = output
      ? await stat(output).then(
          (s) => s.isDirectory(),
          () => false,
        )
      : false;
    const path = output && !isDir ? resolve(output) : resolve(output ?? '.', name);
    targets = [{ path, size: files[0]!.size, owner }];
  } else {
    const root = resolve(output ?? '.');
    targets = files.map((file) => {
      const path = resolve(root, ...safeEntryPath(file.path).split('/'));
      if (!path.startsWith(root + sep)) throw new CliError(`Refused path ${file.path}`);
      return { path, size: file.size, owner };
    });
  }
  // Two entries that come out as one path (`a` and `../a`) would write over each other.
  const seen = new Set<string>();
  for (const target of targets) {
    if (seen.has(target.path)) throw new CliError(`The link lists ${target.path} twice.`);
    seen.add(target.path);
  }
  for (const target of targets) {
    if (force) await removePart(target);
    else if (existsSync(target.path)) {
      throw new CliError(`${target.path} exists: use --force to overwrite it.`, EXIT.usage);
    } else if ((await readPartState(target)).kind === 'foreign') {
      throw new CliError(
        `${partPath(target)} was not left by sealdrop for this link: use --force to replace it.`,
        EXIT.usage,
      );
    }
  }
  return targets;
}
