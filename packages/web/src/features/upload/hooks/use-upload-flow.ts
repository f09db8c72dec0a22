/**
 * The home upload flow: reserve an instant short link, upload,
 * complete the short link, ready. One flow at a time; leaving the card aborts it (and the server
 * side). A multipart upload is remembered in IndexedDB as it goes, so that after a page reload
 * `resume` can finish it with the same file picked again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isPageLeaving } from '../../../lib/page-leaving';
import { createInstantTinyUrl, type ShortLinkReservation } from '../api/tiny-url';
import { isAbortError } from '../lib/upload-errors';
import {
  type PendingUpload,
  reservationOf,
  sentBytes,
  toPendingUpload,
} from '../resume/pending-upload';
import { type PendingUploadStore, pendingUploads } from '../resume/pending-upload-store';
import { DifferentFileError, resumeUpload } from '../resume/resume-upload';
import { InterruptedUpload, type UploadFileResult, uploadFile } from '../transfer/upload-file';
import {
  cardStatus,
  type FinishedUpload,
  fail,
  finish,
  INITIAL,
  type LinkOptions,
  onProgress,
  type PausedUpload,
  retryNotice,
  type Update,
  type UploadFlowState,
} from './upload-flow-steps';

export type {
  FinishedUpload,
  LinkOptions,
  UploadFlowState,
  UploadPhase,
} from './upload-flow-steps';
export { cardStatus, cardViewOf } from './upload-flow-steps';

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
  const paused = useRef<PausedUpload | null>(null);

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
      let keep = false;
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
          retry: retryNotice(update),
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
        if (error instanceof InterruptedUpload && !signal.aborted) {
          keep = true;
          paused.current = {
            upload: error,
            storedId: resumable,
            finishWith: (result, next) => finish(result, reservation, encrypt ? null : file, next),
          };
        }
        fail(error, signal, update);
      } finally {
        if (resumable && !keep && !isPageLeaving()) void store.remove(resumable);
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
      const finishWith = (result: UploadFileResult, next: Update) =>
        finish(result, reservationOf(upload), upload.fragment === null ? file : null, next);
      try {
        const result = await resumeUpload({
          upload,
          file,
          signal,
          onStage: (phase) => update({ phase }),
          onProgress: onProgress(update),
          onPartDone: (part) => void store.addPart(upload.fileId, part),
          retry: retryNotice(update),
        });
        await finishWith(result, update);
        if (!signal.aborted) announce({ fileId: result.fileId, size: file.size });
      } catch (error) {
        keep = error instanceof DifferentFileError;
        if (error instanceof InterruptedUpload && !signal.aborted) {
          keep = true;
          paused.current = { upload: error, storedId: upload.fileId, finishWith };
        }
        fail(error, signal, update);
      } finally {
        if (!keep && !isPageLeaving()) void store.remove(upload.fileId);
      }
    },
    [begin, store, announce],
  );

  /** Goes on with the same upload and link after a failure; only the missing parts are sent. */
  const proceed = useCallback(
    async (stopped: PausedUpload, from: UploadFlowState) => {
      paused.current = null;
      const { signal, update } = begin({
        ...from,
        phase: 'uploading',
        errorMessage: null,
        connectionLost: false,
        continuable: false,
      });
      const { storedId } = stopped;
      let keep = false;
      try {
        const result = await stopped.upload.resume({
          signal,
          onStage: (phase) => update({ phase }),
          onProgress: onProgress(update),
          onPartDone: (part) => {
            if (storedId) void store.addPart(storedId, part);
          },
          retry: retryNotice(update),
        });
        await stopped.finishWith(result, update);
        if (!signal.aborted && from.file) announce({ fileId: result.fileId, size: from.file.size });
      } catch (error) {
        if (error instanceof InterruptedUpload && !signal.aborted) {
          keep = true;
          paused.current = { ...stopped, upload: error };
        }
        fail(error, signal, update);
      } finally {
        if (storedId && !keep && !isPageLeaving()) void store.remove(storedId);
      }
    },
    [begin, store, announce],
  );

  const retry = useCallback(() => {
    if (paused.current) void proceed(paused.current, state);
    else if (state.file) void start(state.file, state.encrypt, state.options);
  }, [proceed, start, state]);

  /** "Cancel upload" (and moving on to another one): the only way a started upload ends. */
  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    if (paused.current) {
      paused.current.upload.cancel();
      if (paused.current.storedId) void store.remove(paused.current.storedId);
      paused.current = null;
    }
    run.current += 1;
    setState(INITIAL);
  }, [store]);

  return { state, status: cardStatus(state.phase), start, resume, retry, reset };
}
