/**
 * The home upload flow: reserve an instant short link, upload,
 * complete the short link, ready. One flow at a time; leaving the card aborts it (and the server
 * side). A multipart upload is remembered in IndexedDB as it goes, so that after a page reload
 * `resume` can finish it with the same file picked again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isPageLeaving } from '../../../lib/page-leaving';
import { completeTinyUrl, createInstantTinyUrl, type ShortLinkReservation } from '../api/tiny-url';
import type { UploadCardStatus } from '../components/upload-status-texts';
import { isAbortError, isRemovedUpload, uploadErrorMessage } from '../lib/upload-errors';
import { normalizeProgress, type ProgressValue } from '../lib/upload-format';
import {
  type PendingUpload,
  reservationOf,
  sentBytes,
  toPendingUpload,
} from '../resume/pending-upload';
import { type PendingUploadStore, pendingUploads } from '../resume/pending-upload-store';
import { DifferentFileError, resumeUpload } from '../resume/resume-upload';
import { type TransferStage, type UploadFileResult, uploadFile } from '../transfer/upload-file';

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
}

const INITIAL: UploadFlowState = {
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

export interface UploadFlowDeps {
  /** Where unfinished multipart uploads are remembered so that a reload can resume them. */
  store?: PendingUploadStore;
  /** Told once per upload that reached ready (not for aborted or failed ones). */
  onReady?: (upload: FinishedUpload) => void;
}

export function useUploadFlow({ store = pendingUploads, onReady }: UploadFlowDeps = {}) {
  const [state, setState] = useState<UploadFlowState>(INITIAL);
  const onReadyRef = useRef(onReady);
  useEffect(() => {
    onReadyRef.current = onReady;
  });
  const announce = useCallback((upload: FinishedUpload) => onReadyRef.current?.(upload), []);
  const controller = useRef<AbortController | null>(null);
  const run = useRef(0);

  // Leaving the page (or the card) must not leave a transfer running in the background.
  useEffect(() => () => controller.current?.abort(), []);

  /** A new flow replaces any running one; updates from a replaced or reset flow are dropped. */
  const begin = useCallback((initial: UploadFlowState) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const id = ++run.current;
    const update = (patch: Partial<UploadFlowState>) => {
      if (run.current === id) setState((previous) => ({ ...previous, ...patch }));
    };
    setState(initial);
    return { signal: current.signal, update };
  }, []);

  const start = useCallback(
    async (file: File, encrypt: boolean, options: LinkOptions = {}) => {
      const { signal, update } = begin({ ...INITIAL, phase: 'preparing', file, encrypt, options });

      let reservation: ShortLinkReservation | null = null;
      try {
        const { shortCode, completeToken } = await createInstantTinyUrl(
          encrypt ? null : file.name || 'file',
          signal,
        );
        reservation = { shortCode, completeToken };
      } catch (error) {
        if (isAbortError(error) || signal.aborted) return;
        console.warn('Instant short link failed; uploading without one', error);
      }

      // Finalized, aborted or failed (the server side is aborted then): nothing left to resume.
      // A page reload keeps it: the `finally` either never runs or sees the page leaving.
      let resumable: string | null = null;
      try {
        const result = await uploadFile({
          input: file,
          encrypt,
          reservation,
          ...options,
          signal,
          onStage: (phase) => update({ phase }),
          onLink: (link, expiresAt) => update({ link, expiresAt }),
          onProgress: onProgress(update),
          onMultipartStart: (upload) => {
            resumable = upload.fileId;
            void store.save(toPendingUpload(upload, file, reservation, Date.now()));
          },
          onPartDone: (part) => {
            if (resumable) void store.addPart(resumable, part);
          },
        });
        await finish(result, reservation, encrypt ? null : file, update);
        if (!signal.aborted) announce({ fileId: result.fileId, size: file.size });
      } catch (error) {
        fail(error, signal, update);
      } finally {
        if (resumable && !isPageLeaving()) void store.remove(resumable);
      }
    },
    [begin, store, announce],
  );

  /** Continues a stored multipart upload with the same file picked again (see ResumeOffer). */
  const resume = useCallback(
    async (upload: PendingUpload, file: File) => {
      const { signal, update } = begin({
        ...INITIAL,
        phase: 'uploading',
        file,
        encrypt: upload.fragment !== null,
        link: upload.link,
        progress: upload.file.size ? (sentBytes(upload) / upload.file.size) * 100 : 0,
      });
      let keep = false;
      try {
        const result = await resumeUpload({
          upload,
          file,
          signal,
          onStage: (phase) => update({ phase }),
          onProgress: onProgress(update),
          onPartDone: (part) => void store.addPart(upload.fileId, part),
        });
        await finish(result, reservationOf(upload), upload.fragment === null ? file : null, update);
        if (!signal.aborted) announce({ fileId: result.fileId, size: file.size });
      } catch (error) {
        keep = error instanceof DifferentFileError;
        fail(error, signal, update);
      } finally {
        if (!keep && !isPageLeaving()) void store.remove(upload.fileId);
      }
    },
    [begin, store, announce],
  );

  const retry = useCallback(() => {
    if (state.file) void start(state.file, state.encrypt, state.options);
  }, [start, state.file, state.encrypt, state.options]);

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    run.current += 1;
    setState(INITIAL);
  }, []);

  return { state, status: cardStatus(state.phase), start, resume, retry, reset };
}

function onProgress(update: (patch: Partial<UploadFlowState>) => void) {
  return (value: number | ProgressValue) => {
    const { percent, speed, eta } = normalizeProgress(value);
    update({ progress: percent, speed, eta });
  };
}

async function finish(
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

function fail(
  error: unknown,
  signal: AbortSignal,
  update: (patch: Partial<UploadFlowState>) => void,
) {
  if (isAbortError(error) || signal.aborted) return;
  console.error('Upload failed', error);
  update({
    phase: 'error',
    progress: 0,
    speed: null,
    eta: null,
    errorMessage: uploadErrorMessage(error),
    removed: isRemovedUpload(error),
  });
}
