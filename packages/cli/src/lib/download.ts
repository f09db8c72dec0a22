/**
 * `sealdrop get`, as the web download page does it (packages/web/src/features/download): resolve
 * the short link, read the file's info (waiting while the sender still uploads), open the key from
 * the fragment (asking for the passphrase of a protected link), open the sealed names, then fetch
 * the object through the server's redirect and decrypt it as it arrives with core's
 * createDecryptionStream, which verifies every record including the last.
 */
import { existsSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { FileInfo, ResolveResponse } from '@sealdrop/core/api-schemas';
import { type FileSpan, fileSpan } from '@sealdrop/core/crypto/file-span';
import { type FragmentSecrets, parseFragment } from '@sealdrop/core/crypto/fragment';
import { importKey } from '@sealdrop/core/crypto/key-material';
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
import { createDecryptionStream } from '@sealdrop/core/crypto/record-cipher';
import { UnsupportedFormatError } from '@sealdrop/core/crypto/record-header';
import { DecryptionError } from '@sealdrop/core/crypto/record-seal';
import {
  FIRST_RECORD_FAILED_DETAIL,
  GENERAL_ERROR_MESSAGE,
  INVALID_LINK_MESSAGE,
  NOT_FOUND_MESSAGE,
  stoppedDetail,
} from '@sealdrop/core/download-messages';
import { lastSegment, safeEntryPath } from '@sealdrop/core/file-list';
import { RECORD_SIZE } from '@sealdrop/core/record-format';
import { uploadWaitDelay } from '@sealdrop/core/upload-wait';
import { type Api, ApiError, createApi } from './api';
import { CliError, EXIT } from './errors';
import { bytesOnDisk, createFileWriter, partPath, type Target } from './file-writer';
import { parseLink } from './link';
import { sleep } from './retry';

export interface GetInput {
  link: string;
  /** A file to write, or a folder to write into; default: the current folder. */
  output?: string;
  force: boolean;
  signal: AbortSignal;
  /** Asked only for a passphrase-protected link. */
  readPassphrase: () => Promise<string>;
  onWaiting?: () => void;
  /** An earlier, interrupted download of the same files goes on from this plaintext byte. */
  onResume?: (bytes: number) => void;
  /** Object bytes received so far, of `total` (-1 when unknown). */
  onProgress?: (received: number, total: number) => void;
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
  const fileId = await notFoundAs(() => resolveFileId(api, link.kind, link.code, input.signal));
  let info = await notFoundAs(() => fileInfo(api, fileId, input.signal));
  const secrets = info.isEncrypted ? await linkSecrets(link.fragment, input.readPassphrase) : null;
  for (let answers = 1; info.status === 'uploading'; answers += 1) {
    if (answers === 1) input.onWaiting?.();
    await sleep(uploadWaitDelay(answers), input.signal);
    info = await notFoundAs(() => fileInfo(api, fileId, input.signal));
  }
  const files = await linkFiles(info, secrets);
  const targets = await chooseTargets(files, input.output, input.force);
  const plainSize = targets.reduce((sum, target) => sum + target.size, 0);
  const resume = resumePoint(await bytesOnDisk(targets), plainSize, secrets !== null);
  if (resume.plaintext > 0) input.onResume?.(resume.plaintext);

  const { body, total, cookie } = await openObject(api, fileId, resume.range, input.signal);
  let received = 0;
  let plaintextSeen = 0;
  const metered = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        received += chunk.length;
        input.onProgress?.(received, total);
        out.enqueue(chunk);
      },
    }),
  );
  const plaintext = secrets
    ? metered.pipeThrough(
        createDecryptionStream(await importKey(secrets.rawKey), secrets.iv, resume.span),
      )
    : metered;
  const writer = createFileWriter(targets, resume.plaintext);
  try {
    for await (const chunk of plaintext) {
      plaintextSeen += chunk.length;
      await writer.write(chunk);
    }
    if (!secrets && total >= 0 && received !== total) throw new DecryptionError();
    await writer.finish();
  } catch (error) {
    const failure = downloadFailure(error, plaintextSeen + resume.plaintext, input.signal);
    // What verified stays for the next run when the transfer was only cut (Ctrl-C, network);
    // a file that fails to decrypt leaves nothing behind.
    if (failure instanceof CliError && failure.exitCode === EXIT.interrupted) await writer.close();
    else if (isNetworkFailure(failure)) await writer.close();
    else await writer.discard();
    throw failure;
  }
  // Burns a spent limited link at once, as the page does; the visitor cookie proves the download.
  await api
    .request(`/files/${encodeURIComponent(fileId)}/downloaded`, {
      method: 'POST',
      ...(cookie ? { headers: { Cookie: cookie } } : {}),
    })
    .catch(() => {});
  return {
    files: targets.map((target) => target.path),
    bytes: targets.reduce((sum, target) => sum + target.size, 0),
    seconds: (performance.now() - started) / 1000,
  };
}

async function resolveFileId(api: Api, kind: 's' | 'download', code: string, signal: AbortSignal) {
  if (kind === 'download') return code;
  const { downloadUrl } = await api.request<ResolveResponse>(`/s/${encodeURIComponent(code)}`, {
    signal,
  });
  const url = new URL(downloadUrl, api.origin);
  const match = /^\/download\/([0-9A-Za-z]+)$/.exec(url.pathname);
  // Anything pointing elsewhere is refused, like the web page does.
  if (url.origin !== api.origin || !match) throw new CliError('Invalid response from server');
  return match[1]!;
}

function fileInfo(api: Api, fileId: string, signal: AbortSignal) {
  return api.request<FileInfo>(`/files/${encodeURIComponent(fileId)}/info`, { signal });
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

async function linkSecrets(
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
 * at their paths made safe by core's safeEntryPath, so no path leaves that folder.
 */
async function chooseTargets(
  files: readonly MetadataFile[],
  output: string | undefined,
  force: boolean,
): Promise<Target[]> {
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
    targets = [{ path, size: files[0]!.size }];
  } else {
    const root = resolve(output ?? '.');
    targets = files.map((file) => {
      const path = resolve(root, ...safeEntryPath(file.path).split('/'));
      if (!path.startsWith(root + sep)) throw new CliError(`Refused path ${file.path}`);
      return { path, size: file.size };
    });
  }
  for (const target of targets) {
    if (force) await rm(partPath(target), { force: true });
    else if (existsSync(target.path)) {
      throw new CliError(`${target.path} exists: use --force to overwrite it.`, EXIT.usage);
    }
  }
  return targets;
}

interface ResumePoint {
  /** Plaintext bytes kept from the earlier run. */
  plaintext: number;
  /** The Range header asking for the rest of the object; null for all of it. */
  range: string | null;
  /** The records still to decrypt (core's span); undefined for the whole object. */
  span?: FileSpan;
}

/**
 * Where an interrupted download goes on: at the last whole record on disk (its records were
 * verified before they were written), always re-fetching at least the final record, so that the
 * end of the object is verified by this run too.
 */
function resumePoint(onDisk: number, plainSize: number, encrypted: boolean): ResumePoint {
  if (onDisk <= 0) return { plaintext: 0, range: null };
  if (!encrypted) {
    const at = Math.min(onDisk, Math.max(0, plainSize - 1));
    return at > 0 ? { plaintext: at, range: `bytes=${at}-` } : { plaintext: 0, range: null };
  }
  const records = Math.max(1, Math.ceil(plainSize / RECORD_SIZE));
  const first = Math.min(Math.floor(onDisk / RECORD_SIZE), records - 1);
  if (first === 0) return { plaintext: 0, range: null };
  const at = first * RECORD_SIZE;
  const span = fileSpan(at, plainSize - at, plainSize)!;
  return { plaintext: at, range: `bytes=${span.byteStart}-${span.byteEnd - 1}`, span };
}

/**
 * GET …/download without following the redirect at once: its answer sets the visitor cookie that
 * counts this download (and later burns a spent link), then the signed storage URL is fetched.
 */
async function openObject(api: Api, fileId: string, range: string | null, signal: AbortSignal) {
  const path = `${api.origin}/api/files/${encodeURIComponent(fileId)}/download`;
  const headers: Record<string, string> = range ? { Range: range } : {};
  let response = await fetch(path, { redirect: 'manual', signal, headers });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const location = response.headers.get('location');
  if (response.status >= 300 && response.status < 400 && location) {
    await response.body?.cancel();
    response = await fetch(new URL(location, api.origin), { signal, headers });
  }
  if (!response.ok || !response.body) throw await refusal(response);
  // A server that ignored the Range would send the object from its start.
  if (range && response.status !== 206) throw new CliError(GENERAL_ERROR_MESSAGE);
  const length = Number(response.headers.get('content-length') ?? -1);
  return { body: response.body, total: Number.isFinite(length) ? length : -1, cookie };
}

async function refusal(response: Response): Promise<CliError> {
  if (response.status === 404) return new CliError(NOT_FOUND_MESSAGE, EXIT.notFound);
  let message = GENERAL_ERROR_MESSAGE;
  if (response.status >= 400 && response.status < 500) {
    const payload = (await response.json().catch(() => null)) as { message?: unknown } | null;
    if (typeof payload?.message === 'string') message = payload.message;
  }
  return new CliError(message);
}

/** The web page's texts: a first record that fails is a wrong key, a later one a damaged file. */
function downloadFailure(error: unknown, plaintextSeen: number, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason;
  if (error instanceof DecryptionError || error instanceof UnsupportedFormatError) {
    const detail =
      plaintextSeen === 0 && error instanceof DecryptionError
        ? FIRST_RECORD_FAILED_DETAIL
        : stoppedDetail(error.message);
    return new CliError(GENERAL_ERROR_MESSAGE, EXIT.integrity, detail, { cause: error });
  }
  if (isNetworkFailure(error)) {
    return new CliError(
      'The connection was lost. Run the same command again to resume.',
      EXIT.failed,
      undefined,
      { cause: error },
    );
  }
  return error;
}

/** fetch's failures of the connection itself (reset, closed early), not of the data. */
function isNetworkFailure(error: unknown): boolean {
  if (error instanceof CliError) return error.exitCode === EXIT.failed && error.cause !== undefined;
  return error instanceof TypeError && /fetch failed|terminated|network/i.test(error.message);
}
