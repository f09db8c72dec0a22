/**
 * Taking up an unfinished send: its state must match the files as they are now
 * and the server must still have its upload; otherwise the send starts over.
 */
import type { PartUrl } from '@sealdrop/core/api-schemas';
import { missingParts } from '@sealdrop/core/client/send-parts';
import { resumedSecrets } from '@sealdrop/core/client/send-resume';
import { importKey } from '@sealdrop/core/crypto/key-material';
import { type Api, ApiError } from './api';
import type { SendInput } from './send-input';
import { type SendState, sameFiles } from './send-state';
import { abortQuietly, type Transfer } from './transfer';

/** A resumed upload that the server no longer knows. */
export class GoneError extends Error {
  override name = 'GoneError';
}

/** The unfinished send of these same files to this server, if there is one and it still fits. */
export async function resumeTransfer(
  input: SendInput,
  prints: SendState['files'],
): Promise<Transfer | null> {
  const state = await input.store?.load();
  if (!state || !input.store) return null;
  const drop = async (why: string) => {
    input.onNotice?.(why);
    await input.store?.remove();
    await abortQuietly(input.api, { objectKey: state.objectKey, uploadId: state.uploadId });
    return null;
  };
  if (state.server !== input.api.origin || state.encrypt !== input.encrypt) return null;
  if (Date.parse(state.expiresAt) <= Date.now() + 60_000) {
    return drop('The unfinished send of these files has expired: starting over.');
  }
  if (!sameFiles(state.files, prints)) {
    return drop('The files changed since the unfinished send: starting over.');
  }
  const opened = await resumedSecrets(state, input.passphrase);
  if ('refused' in opened) return drop(opened.refused);
  const { secrets } = opened;
  return {
    objectKey: state.objectKey,
    slug: state.slug,
    link: state.link,
    expiresAt: state.expiresAt,
    cipher: secrets ? { key: await importKey(secrets.rawKey), iv: secrets.iv } : null,
    multipart: {
      uploadId: state.uploadId,
      partSize: state.partSize,
      partCount: state.partCount,
      parts: [],
    },
    concurrency: state.concurrency,
    completed: state.parts,
    state,
    fromEarlierRun: true,
  };
}

/** Asks for the first missing parts' URLs: a 404 means the server dropped the upload. */
export async function checkStillThere(api: Api, transfer: Transfer, signal: AbortSignal) {
  const plan = transfer.multipart!;
  const partNumbers = missingParts(plan.partCount, transfer.completed).slice(0, 20);
  if (partNumbers.length === 0) return;
  try {
    const { parts } = await api.request<{ parts: PartUrl[] }>('/upload/parts', {
      method: 'POST',
      body: { objectKey: transfer.objectKey, uploadId: plan.uploadId, partNumbers },
      signal,
    });
    plan.parts = parts;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw new GoneError(error.message, { cause: error });
    }
    throw error;
  }
}
