/**
 * One attempt at the bytes of a download: from where the `.part` files end (the last whole record
 * on disk), fetched through the server's redirect by Range, decrypted and verified by core's
 * createDecryptionStream, written by the file writer. A cut connection keeps what verified, so the
 * next attempt (or the next run) goes on from there; a record that fails keeps nothing.
 */

import { type FileSpan, fileSpan } from '@sealdrop/core/crypto/file-span';
import type { FragmentSecrets } from '@sealdrop/core/crypto/fragment';
import { importKey } from '@sealdrop/core/crypto/key-material';
import { createDecryptionStream } from '@sealdrop/core/crypto/record-cipher';
import { UnsupportedFormatError } from '@sealdrop/core/crypto/record-header';
import { DecryptionError } from '@sealdrop/core/crypto/record-seal';
import {
  FIRST_RECORD_FAILED_DETAIL,
  GENERAL_ERROR_MESSAGE,
  NOT_FOUND_MESSAGE,
  stoppedDetail,
} from '@sealdrop/core/download-messages';
import { RECORD_SIZE } from '@sealdrop/core/record-format';
import type { Api } from './api';
import { CliError, EXIT } from './errors';
import { bytesOnDisk, createFileWriter, type Target } from './file-writer';

export interface ReceiveInput {
  api: Api;
  fileId: string;
  secrets: FragmentSecrets | null;
  targets: readonly Target[];
  /** The visitor cookie of an earlier attempt, so the server counts this download once. */
  cookie: string;
  /** The server set a visitor cookie: kept at once, so a run killed from here on can resume. */
  onCookie?: (cookie: string) => Promise<void>;
  signal: AbortSignal;
  onProgress?: (received: number, total: number) => void;
}

/** Receives the rest of the object; answers the visitor cookie the server set. */
export async function receiveObject(input: ReceiveInput): Promise<string> {
  const { api, fileId, secrets, targets, signal } = input;
  const plainSize = targets.reduce((sum, target) => sum + target.size, 0);
  const resume = resumePoint(await bytesOnDisk(targets), plainSize, secrets !== null);
  const writer = createFileWriter(targets, resume.plaintext);
  let plaintextSeen = 0;
  let cookie = input.cookie;
  try {
    const opened = await openObject(api, fileId, resume.range, cookie, signal);
    if (opened.cookie && opened.cookie !== cookie) await input.onCookie?.(opened.cookie);
    cookie = opened.cookie || cookie;
    let received = 0;
    const metered = opened.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, out) {
          received += chunk.length;
          input.onProgress?.(received, opened.total);
          out.enqueue(chunk);
        },
      }),
    );
    const plaintext = secrets
      ? metered.pipeThrough(
          createDecryptionStream(await importKey(secrets.rawKey), secrets.iv, resume.span),
        )
      : metered;
    for await (const chunk of plaintext) {
      plaintextSeen += chunk.length;
      await writer.write(chunk);
    }
    if (!secrets && opened.total >= 0 && received !== opened.total) throw new DecryptionError();
    await writer.finish();
    return cookie;
  } catch (error) {
    const failure = downloadFailure(error, plaintextSeen + resume.plaintext, signal);
    // What verified stays when the transfer was only cut (Ctrl-C, network); a file that fails to
    // decrypt leaves nothing behind.
    if (isInterruption(failure)) await writer.close();
    else await writer.discard();
    throw failure;
  }
}

/** A cut, not a fault of the data: Ctrl-C, or a connection that failed or dropped. */
export function isInterruption(error: unknown): boolean {
  return error instanceof CliError && (error.exitCode === EXIT.interrupted || isCut(error));
}

/** The connection failed or dropped: worth another attempt from where the files end. */
export function isCut(error: unknown): boolean {
  return error instanceof CliError && error.exitCode === EXIT.failed && error.cause !== undefined;
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
async function openObject(
  api: Api,
  fileId: string,
  range: string | null,
  knownCookie: string,
  signal: AbortSignal,
) {
  const path = `${api.origin}/api/files/${encodeURIComponent(fileId)}/download`;
  const headers: Record<string, string> = range ? { Range: range } : {};
  let response = await fetch(path, {
    redirect: 'manual',
    signal,
    headers: { ...headers, ...(knownCookie ? { Cookie: knownCookie } : {}) },
  });
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
  // A server restarting or briefly without its database or store: worth another attempt, as a
  // dropped connection is, not a verdict on the file (docs/reliability.md, "Soak").
  if (response.status >= 500 || response.status === 429) {
    await response.body?.cancel();
    return new CliError('The server is unavailable.', EXIT.failed, undefined, {
      cause: new Error(`HTTP ${response.status}`),
    });
  }
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
    return new CliError('The connection was lost.', EXIT.failed, undefined, { cause: error });
  }
  return error;
}

/** fetch's failures of the connection itself (refused, reset, closed early), not of the data. */
function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /fetch failed|terminated|network|other side closed/i.test(error.message)
  );
}
