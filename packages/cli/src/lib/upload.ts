/**
 * A send, start to finish, as the web page does it (packages/web/src/features/upload/api/
 * upload-file.ts): key material, presign with the sealed metadata, the share link at once, parts
 * in parallel straight to storage, finalize. Resumable sends keep their state after every part.
 */
// zod's own words for what the presign check below reports and core's schemas leave unworded.
import '@sealdrop/core/zod-messages';
import {
  type FinalizeResponse,
  type PresignRequest,
  type PresignResponse,
  presignRequestSchema,
} from '@sealdrop/core/api-schemas';
import { UPLOAD_RETRY, withRetry } from '@sealdrop/core/client/retry';
import { stateFragment } from '@sealdrop/core/client/send-resume';
import { finalShareLink } from '@sealdrop/core/client/share-link';
import { generateKeyMaterial } from '@sealdrop/core/crypto/key-material';
import { metadataRecordProblem } from '@sealdrop/core/crypto/metadata-limits';
import { linkRecord, sealMetadata } from '@sealdrop/core/crypto/metadata-record';
import { linkFragments } from '@sealdrop/core/crypto/passphrase';
import { lastSegment } from '@sealdrop/core/file-list';
import { RECORD_SIZE } from '@sealdrop/core/record-format';
import { objectSize } from '@sealdrop/core/upload-plan';
import { heartbeatWhileSending } from '@sealdrop/core/upload-progress';
import { askWhileWaiting } from '@sealdrop/core/upload-wait';
import { type Api, ApiError } from './api';
import { CliError, EXIT } from './errors';
import { type PartCipher, partBody } from './part-body';
import { plaintextSource } from './plaintext-source';
import { putStream } from './put-stream';
import type { SendInput } from './send-input';
import { sendParts } from './send-parts';
import { checkStillThere, GoneError, resumeTransfer } from './send-resume';
import { fingerprint, type SendState } from './send-state';
import { abortQuietly, type CompletedPart, isRetryable, type Transfer } from './transfer';

export interface SendResult {
  link: string;
  fileId: string;
  expiresAt: string;
  /** Plaintext bytes sent (the files' sizes). */
  bytes: number;
  seconds: number;
  /** Whether parts stored by an earlier, interrupted run were kept. */
  resumed: boolean;
  /** Parts (or single PUTs) this run sent. */
  partsSent: number;
}

export async function sendFiles(input: SendInput): Promise<SendResult> {
  try {
    return await sendOnce(input);
  } catch (error) {
    // The unfinished upload was dropped on the server meanwhile (swept, aborted): start afresh.
    if (error instanceof GoneError) {
      await input.store?.remove();
      input.onNotice?.('The unfinished send is gone from the server: starting over.');
      return sendOnce(input);
    }
    throw error;
  }
}

async function sendOnce(input: SendInput): Promise<SendResult> {
  const started = performance.now();
  const { api, files, encrypt, signal } = input;
  if (!encrypt && files.length > 1) {
    throw new CliError('Several files are always encrypted: leave out --plain.', EXIT.usage);
  }
  const source = plaintextSource(files);
  const prints = input.store ? await fingerprint(files) : [];
  const transfer =
    (await resumeTransfer(input, prints)) ?? (await startTransfer(input, source.size, prints));
  const resumed = transfer.fromEarlierRun;
  // Before the link is shown again: the server must still have the upload (else: start over).
  if (resumed) await checkStillThere(api, transfer, signal);
  input.onLink?.(transfer.link, transfer.expiresAt, resumed);

  const total = objectSize(source.size, encrypt);
  let parts: CompletedPart[] | undefined;
  const before = transfer.completed.length;
  // While bytes go out, the server hears how far the send is (a recipient's waiting page).
  const heartbeat = heartbeatWhileSending({
    size: source.size,
    objectSize: total,
    onBytes: (sent) => input.onProgress?.(sent, total),
    send: (sentBytes) =>
      api.request('/upload/heartbeat', {
        method: 'POST',
        body: { objectKey: transfer.objectKey, sentBytes },
      }),
  });
  try {
    if (transfer.multipart) {
      parts = await sendParts({ ...input, onProgress: heartbeat.onBytes }, transfer, source, total);
    } else {
      await withRetry(
        () =>
          putStream({
            url: transfer.uploadUrl!,
            body: partBody({
              source,
              cipher: transfer.cipher,
              partSize: Math.max(source.size, RECORD_SIZE),
              partNumber: 1,
            }),
            size: total,
            contentType: PLAIN_CONTENT_TYPE,
            signal,
            onBytes: heartbeat.onBytes,
          }),
        { policy: UPLOAD_RETRY, signal, shouldRetry: isRetryable, onRetry: input.onRetry },
      );
    }
    signal.throwIfAborted();
    const result = await finalizeAndWait(
      api,
      { objectKey: transfer.objectKey, slug: transfer.slug, ...(parts ? { parts } : {}) },
      signal,
      input.onScanning,
    );
    await input.store?.remove();
    return {
      link: finalLink(api.origin, result, transfer.link),
      fileId: result.fileId,
      expiresAt: transfer.expiresAt,
      bytes: source.size,
      seconds: (performance.now() - started) / 1000,
      resumed,
      partsSent: parts ? parts.length - before : 1,
    };
  } catch (error) {
    // A resumable send keeps its upload for the next run; any other one is dropped at once.
    const gone = error instanceof ApiError && error.status === 404;
    // Removed by the server (blocked as malware): nothing to abort, nothing to resume.
    if (error instanceof ApiError && error.status === 410) {
      await input.store?.remove();
      throw error;
    }
    if (!transfer.state || gone) {
      await input.store?.remove();
      await abortQuietly(api, {
        objectKey: transfer.objectKey,
        uploadId: transfer.multipart?.uploadId,
      });
    }
    if (gone && transfer.fromEarlierRun && !signal.aborted) {
      throw new GoneError(error.message, { cause: error });
    }
    throw error;
  } finally {
    heartbeat.stop();
  }
}

async function startTransfer(
  input: SendInput,
  plainSize: number,
  prints: SendState['files'],
): Promise<Transfer> {
  const { api, files, encrypt, signal } = input;
  let cipher: PartCipher | null = null;
  let fragment: string | null = null;
  let linkFragment: string | null = null;
  let description: Pick<
    PresignRequest,
    'filename' | 'contentType' | 'encryptedMetadata' | 'fileCount'
  >;
  if (encrypt) {
    const record = linkRecord(files.map(({ path, size }) => ({ path, size, type: '' })));
    // The server caps the sealed list by the number of files: say so before asking it.
    const problem = metadataRecordProblem(record);
    if (problem) throw new CliError(problem, EXIT.usage);
    const material = await generateKeyMaterial();
    cipher = { key: material.key, iv: material.iv };
    ({ fragment, linkFragment } = await linkFragments(material, input.passphrase));
    description = {
      encryptedMetadata: await sealMetadata(record, material.rawKey),
      fileCount: record.files.length,
    };
  } else {
    description = { filename: lastSegment(files[0]!.path), contentType: PLAIN_CONTENT_TYPE };
  }
  const body = {
    ...description,
    size: plainSize,
    isEncrypted: encrypt,
    ...(input.expiresIn === undefined ? {} : { expiresIn: input.expiresIn }),
    ...(input.downloadLimit === undefined ? {} : { downloadLimit: input.downloadLimit }),
  };
  // The server checks the same schema; checking here first gives its messages without a request.
  const checked = presignRequestSchema.safeParse(body);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new CliError(`${issue.path.join('.')} ${issue.message}`.trim(), EXIT.usage);
  }
  const presign = await api.request<PresignResponse>('/upload/presign', {
    method: 'POST',
    body,
    signal,
  });
  // The server's short link (its PUBLIC_URL), with the key added here.
  const link = finalShareLink({
    origin: api.origin,
    fileId: presign.slug,
    downloadUrl: presign.shortUrl,
    fragment: linkFragment,
  });
  const transfer: Transfer = {
    objectKey: presign.objectKey,
    slug: presign.slug,
    link,
    expiresAt: presign.expiresAt,
    cipher,
    concurrency: presign.concurrency || 1,
    completed: [],
    state: null,
    fromEarlierRun: false,
    ...(presign.uploadUrl ? { uploadUrl: presign.uploadUrl } : {}),
    ...(presign.multipart ? { multipart: presign.multipart } : {}),
  };
  if (presign.multipart && input.store) {
    transfer.state = {
      v: 1,
      server: api.origin,
      files: prints,
      encrypt,
      fragment: stateFragment(fragment, input.passphrase),
      link,
      objectKey: presign.objectKey,
      slug: presign.slug,
      uploadId: presign.multipart.uploadId,
      partSize: presign.multipart.partSize,
      partCount: presign.multipart.partCount,
      concurrency: transfer.concurrency,
      expiresAt: presign.expiresAt,
      parts: [],
    };
    await input.store.save(transfer.state);
  }
  return transfer;
}

/**
 * Plain sends only (the server keeps and serves it): without a table of types to guess from, the
 * generic one; the browser's download is the same either way.
 */
const PLAIN_CONTENT_TYPE = 'application/octet-stream';

/** The finalized link, with the fragment the link shown at presign carried. */
function finalLink(origin: string, result: FinalizeResponse, presignLink: string): string {
  const fragment = new URL(presignLink).hash.slice(1);
  return finalShareLink({
    origin,
    fileId: result.fileId,
    downloadUrl: result.downloadUrl,
    fragment,
  });
}

/**
 * Finalize; while the server's malware scanner checks a plain file (`scanning`), ask again as a
 * waiting recipient does, until it is ready. A blocked file ends in finalize's 410, whose message
 * names what was found ("This file was blocked: it contains malware (…).").
 */
function finalizeAndWait(
  api: Api,
  body: { objectKey: string; slug: string; parts?: CompletedPart[] },
  signal: AbortSignal,
  onScanning?: () => void,
): Promise<FinalizeResponse> {
  return askWhileWaiting(
    () => api.request<FinalizeResponse>('/upload/finalize', { method: 'POST', body, signal }),
    (result) => result.status === 'scanning',
    { signal, ...(onScanning ? { onWait: onScanning } : {}) },
  );
}
