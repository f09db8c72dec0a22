/**
 * The bytes of a download: from where the `.part` files end (the last whole record on disk),
 * fetched through the server's redirect by core's resumable reader (the page's reconnect loop:
 * a dropped connection is asked for again within the run), decrypted and verified by core's
 * createDecryptionStream, written by the file writer. A run that gives up keeps what verified, so
 * the next run goes on from there; a record that fails keeps nothing.
 */

import { envelopeMessage } from '@sealdrop/core/client/envelope';
import {
  DownloadInterrupted,
  openResumableCiphertext,
  RESUME,
  resumePoint,
} from '@sealdrop/core/client/resumable-ciphertext';
import { recordStart } from '@sealdrop/core/crypto/file-span';
import type { FragmentSecrets } from '@sealdrop/core/crypto/fragment';
import { importKey } from '@sealdrop/core/crypto/key-material';
import { createDecryptionStream } from '@sealdrop/core/crypto/record-cipher';
import { UnsupportedFormatError } from '@sealdrop/core/crypto/record-header';
import { DecryptionError } from '@sealdrop/core/crypto/record-seal';
import {
  FIRST_RECORD_FAILED_DETAIL,
  GENERAL_ERROR_MESSAGE,
  refusedDownloadMessage,
  stoppedDetail,
} from '@sealdrop/core/download-messages';
import type { Api } from './api';
import { CliError, EXIT } from './errors';
import { bytesOnDisk, createFileWriter, type Target } from './file-writer';

export interface ReceiveInput {
  api: Api;
  fileId: string;
  secrets: FragmentSecrets | null;
  targets: readonly Target[];
  /** The visitor cookie of an earlier run, so the server counts this download once. */
  cookie: string;
  /** The server set a visitor cookie: kept at once, so a run killed from here on can resume. */
  onCookie?: (cookie: string) => Promise<void>;
  signal: AbortSignal;
  onProgress?: (received: number, total: number) => void;
  /** The connection dropped; another request goes on from the last whole record. */
  onInterrupted?: () => void;
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
    const ciphertext = await openResumableCiphertext({
      open: async (range, attemptSignal) => {
        const opened = await openObject(api, fileId, range, cookie, attemptSignal);
        if (opened.cookie && opened.cookie !== cookie) {
          cookie = opened.cookie;
          await input.onCookie?.(cookie);
        }
        return opened.response;
      },
      ...(resume.bytes ? { span: resume.bytes } : {}),
      // Each request of a run starts at a record boundary, as the first one of a next run does.
      ...(secrets ? { resumeFrom: recordStart } : {}),
      refusal,
      signal,
      ...(input.onInterrupted ? { onInterrupted: input.onInterrupted } : {}),
      // Every drop of a run counts toward the download policy: the next run goes on from disk.
      tuning: { ...RESUME, forgiveOnProgress: false },
    });
    let received = 0;
    const metered = ciphertext.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, out) {
          received += chunk.length;
          input.onProgress?.(received, ciphertext.total);
          out.enqueue(chunk);
        },
      }),
    );
    const plaintext = secrets
      ? metered.pipeThrough(
          createDecryptionStream(await importKey(secrets.rawKey), secrets.iv, resume.records),
        )
      : metered;
    for await (const chunk of plaintext) {
      plaintextSeen += chunk.length;
      await writer.write(chunk);
    }
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

/** A cut, not a fault of the data: Ctrl-C, or a connection the reader gave up on. */
export function isInterruption(error: unknown): boolean {
  if (!(error instanceof CliError)) return false;
  return error.exitCode === EXIT.interrupted || error.cause instanceof DownloadInterrupted;
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
  return { response, cookie };
}

async function refusal(response: Response): Promise<CliError> {
  const message = refusedDownloadMessage(response.status, await envelopeMessage(response));
  return new CliError(message, response.status === 404 ? EXIT.notFound : EXIT.failed);
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
  // The reader gave up: the network, or a server restarting for longer than the policy waits.
  if (error instanceof DownloadInterrupted) {
    const message = error.status ? 'The server is unavailable.' : 'The connection was lost.';
    return new CliError(message, EXIT.failed, undefined, { cause: error });
  }
  return error;
}
