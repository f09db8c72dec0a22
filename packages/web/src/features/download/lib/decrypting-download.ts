/**
 * The encrypted download, start to finish, without React. Where service workers exist, the worker
 * does it all (fetch, decrypt, hand to the browser's download manager: save/service-worker-download).
 * Otherwise, or when that method cannot start, the page does it:
 * fetch (following the redirect, resuming a dropped connection) → count bytes → decrypt record by
 * record → save sink.
 * Every stage is a stream with backpressure, so memory stays flat whatever the file size
 * (the Blob sink aside, which is capped). Any later failure aborts the sink, so the browser fails
 * or discards the download instead of keeping a partial file.
 */
import type { FragmentSecrets } from '@sealdrop/core/crypto/fragment';
import { importKey } from '@sealdrop/core/crypto/key-material';
import { DecryptionError } from '@sealdrop/core/crypto/record-seal';
import { API_BASE } from '../../../lib/api-client';
import { refusalError, requestCiphertext } from '../api/fetch-ciphertext';
import { chooseSinks, openFirstSink } from '../save/choose-sink';
import type { SaveEnvironment, SaveSink, SaveTarget, SinkKind } from '../save/sink-types';
import { decryptSelection, type Selection, WHOLE_OBJECT } from './decrypt-selection';
import {
  DownloadError,
  FirstRecordError,
  SinkUnavailableError,
  TOO_LARGE_FOR_BROWSER_MESSAGE,
} from './download-errors';
import { createProgressStream, encryptedSize } from './progress-stream';

export interface DecryptingDownloadInput {
  fileId: string;
  secrets: FragmentSecrets;
  /** What is saved: the file, one file of a link's several, or all of them zipped. */
  selection?: Selection;
  /** Plaintext size of the whole object (the file info's size). */
  objectSize: number;
  target: SaveTarget;
  environment: SaveEnvironment;
  signal: AbortSignal;
  onPercent: (percent: number) => void;
  /** All ciphertext has arrived; the last records are being decrypted and written. */
  onDecrypting: () => void;
  /** The connection dropped and the download is being resumed ("Connection lost. Resuming…"). */
  onInterrupted: () => void;
  /** Bytes flow again after an interruption. */
  onResumed: () => void;
}

/** Resolves with the method used once the file is completely written. */
export async function runDecryptingDownload(input: DecryptingDownloadInput): Promise<SinkKind> {
  const { fileId, secrets, target, environment, signal } = input;
  const selection = input.selection ?? WHOLE_OBJECT;
  // Refuse before downloading anything when no method could take a file this size.
  const kinds = chooseSinks(environment.capabilities(), target.size);
  if (kinds.length === 0) throw new DownloadError(TOO_LARGE_FOR_BROWSER_MESSAGE);
  const key = await importKey(secrets.rawKey);
  const inWorker = () =>
    environment.downloadInWorker({
      downloadPath: `${API_BASE}/files/${encodeURIComponent(fileId)}/download`,
      key,
      iv: secrets.iv,
      selection,
      target,
      signal,
      onPercent: input.onPercent,
      onDecrypting: input.onDecrypting,
      onInterrupted: input.onInterrupted,
      onResumed: input.onResumed,
    });
  if (kinds[0] === 'service-worker') {
    try {
      await inWorker();
      return 'service-worker';
    } catch (error) {
      if (!(error instanceof SinkUnavailableError)) throw error;
      // The worker could not start (private mode, force-reload): the page decrypts instead.
    }
  }
  const decrypted = await decryptSelection({
    open: (range, attemptSignal) => requestCiphertext(fileId, range, attemptSignal),
    refusal: refusalError,
    signal,
    onInterrupted: input.onInterrupted,
    onResumed: input.onResumed,
    key,
    iv: secrets.iv,
    selection,
    meter: (total) =>
      createProgressStream(
        total > 0 ? total : encryptedSize(input.objectSize),
        input.onPercent,
        input.onDecrypting,
      ),
  });
  // Decrypt the first record before choosing where to save: a wrong key or a file that is not
  // ours fails here, before the browser shows a download or a save dialog.
  const first = await readFirst(decrypted, signal).catch((error: unknown) => {
    throw error instanceof DecryptionError
      ? new FirstRecordError(error.message, { cause: error })
      : error;
  });
  signal.throwIfAborted();
  let sink: SaveSink;
  try {
    sink = await openFirstSink(environment, target);
    if (first) {
      const writer = sink.writable.getWriter();
      await writer.write(first);
      writer.releaseLock();
    }
  } catch (error) {
    await decrypted.cancel(error).catch(() => {});
    if (
      error instanceof SinkUnavailableError &&
      kinds.includes('service-worker') &&
      kinds[0] !== 'service-worker'
    ) {
      // No page-side method took the file (too large for the quota and for memory): the stream
      // through the Service Worker, not tried yet, is the one way left.
      await inWorker();
      return 'service-worker';
    }
    throw error;
  }
  // One signal on the last pipe is enough: aborting it cancels the source and aborts the sink.
  await decrypted.pipeTo(sink.writable, { signal });
  return sink.kind;
}

/** The first decrypted chunk (null for none), leaving the stream unlocked for the rest. */
async function readFirst(
  stream: ReadableStream<Uint8Array>,
  signal: AbortSignal,
): Promise<Uint8Array | null> {
  const reader = stream.getReader();
  const cancel = () => void reader.cancel(signal.reason).catch(() => {});
  signal.addEventListener('abort', cancel, { once: true });
  try {
    const { done, value } = await reader.read();
    return done ? null : value;
  } finally {
    signal.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
