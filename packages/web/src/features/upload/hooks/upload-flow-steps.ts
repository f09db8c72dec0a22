/**
 * The upload flow's state and the steps it takes from one state to the next (progress, the
 * "Connection lost. Retrying…" notice, ready, failed), apart from the hook that runs them.
 */
import { completeTinyUrl, type ShortLinkReservation } from '../api/tiny-url';
import type { UploadCardStatus } from '../components/upload-status-texts';
import { isAbortError, isRemovedUpload, uploadErrorMessage } from '../lib/upload-errors';
import { normalizeProgress, type ProgressValue } from '../lib/upload-format';
import {
  InterruptedUpload,
  type TransferStage,
  type UploadFileResult,
} from '../transfer/upload-file';

export type UploadPhase = 'pending' | 'preparing' | TransferStage | 'ready' | 'error';

export interface UploadFlowState {
  phase: UploadPhase;
  file: File | null;
  encrypt: boolean;
  progress: number;
  speed: number | null;
  eta: number | null;
  /** The share link: known from presign on, final once ready. */
  link: string | null;
  errorMessage: string | null;
  /** The server removed the upload (blocked as malware): its link is dead and Retry pointless. */
  removed?: boolean;
  /** The sender's link options ("Expires after", "Download limit", "Passphrase"), kept for Retry. */
  options?: LinkOptions;
  /** When the link stops working, as the server set it (ISO). */
  expiresAt?: string | null;
  /** The network failed: the transfer waits and tries again ("Connection lost. Retrying…"). */
  connectionLost?: boolean;
  /** The failed upload keeps its link: Retry continues it, Cancel upload ends it. */
  continuable?: boolean;
}

/** An upload that failed after every try, its link still alive, and how to finish it. */
export interface PausedUpload {
  upload: InterruptedUpload;
  /** The stored record a reload would resume (multipart), or null. */
  storedId: string | null;
  finishWith: (result: UploadFileResult, update: Update) => Promise<void>;
}

export type Update = (patch: Partial<UploadFlowState>) => void;

export const INITIAL: UploadFlowState = {
  phase: 'pending',
  file: null,
  encrypt: true,
  progress: 0,
  speed: null,
  eta: null,
  link: null,
  errorMessage: null,
};

/** How the status card names each phase. */
export function cardStatus(phase: UploadPhase): UploadCardStatus {
  if (phase === 'pending') return 'idle';
  if (phase === 'uploading' || phase === 'ready' || phase === 'error') return phase;
  return 'processing';
}

/**
 * What the status card shows of a flow's state, the same for every card that shows one (home's
 * cards and the self-driving card); the caller adds its handlers.
 */
export function cardViewOf(state: UploadFlowState) {
  return {
    status: cardStatus(state.phase),
    progress: state.progress,
    speed: state.speed,
    eta: state.eta,
    fileName: state.file?.name,
    fileSize: state.file?.size,
    finalUrl: state.link,
    expiresAt: state.expiresAt,
    errorMessage: state.errorMessage,
    removed: state.removed,
    connectionLost: state.connectionLost,
    continuable: state.continuable,
  };
}

/** How long and how often the link works; absent = the tier's retention, unlimited downloads. */
export interface LinkOptions {
  expiresIn?: number;
  downloadLimit?: number | null;
  /** Premium: the link's key is wrapped under it (encrypted uploads only). */
  passphrase?: string;
}

export interface FinishedUpload {
  fileId: string;
  size: number;
}

export function onProgress(update: Update) {
  let highest = -1;
  return (value: number | ProgressValue) => {
    const { percent, speed, eta } = normalizeProgress(value);
    // Bytes flow again past where they stopped: the connection is back.
    const moving = percent > highest;
    highest = Math.max(highest, percent);
    update({ progress: percent, speed, eta, ...(moving ? { connectionLost: false } : {}) });
  };
}

/** Every wait of the retry policy shows "Connection lost. Retrying…" until bytes flow again. */
export function retryNotice(update: Update) {
  return { onRetry: () => update({ connectionLost: true }) };
}

export async function finish(
  result: UploadFileResult,
  reservation: ShortLinkReservation | null,
  /** A plain upload's file, whose name the short link may keep; null when encrypted. */
  plainFile: File | null,
  update: (patch: Partial<UploadFlowState>) => void,
) {
  if (reservation) {
    await completeTinyUrl(reservation, {
      fileId: result.fileId,
      storageKey: result.storageKey,
      ...(plainFile ? { originalName: plainFile.name || 'file' } : {}),
    }).catch((error: unknown) => console.error('Completing the short link failed', error));
  }
  update({ phase: 'ready', progress: 100, speed: null, eta: null, link: result.shareUrl });
}

export function fail(
  error: unknown,
  signal: AbortSignal,
  update: (patch: Partial<UploadFlowState>) => void,
) {
  if (isAbortError(error) || signal.aborted) return;
  console.error('Upload failed', error);
  const continuable = error instanceof InterruptedUpload;
  update({
    phase: 'error',
    connectionLost: false,
    continuable,
    // A continuable upload keeps what storage has; any other starts from nothing.
    ...(continuable ? {} : { progress: 0 }),
    speed: null,
    eta: null,
    errorMessage: uploadErrorMessage(error),
    removed: isRemovedUpload(error),
  });
}
