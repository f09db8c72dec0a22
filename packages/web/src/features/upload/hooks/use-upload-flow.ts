/**
 * The home upload flow (spec §4 "Upload (home flow)"): reserve an instant short link, upload,
 * complete the short link, ready. One flow at a time; leaving the page aborts it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { completeTinyUrl, createInstantTinyUrl } from '../api/tiny-url';
import { type TransferStage, uploadFile } from '../api/upload-file';
import type { UploadCardStatus } from '../components/upload-status-texts';
import { isAbortError, uploadErrorMessage } from '../lib/upload-errors';
import { normalizeProgress, type ProgressValue } from '../lib/upload-format';

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

/** How the status card names each phase (spec §2 status values). */
export function cardStatus(phase: UploadPhase): UploadCardStatus {
  if (phase === 'pending') return 'idle';
  if (phase === 'uploading' || phase === 'ready' || phase === 'error') return phase;
  return 'processing';
}

export function useUploadFlow() {
  const [state, setState] = useState<UploadFlowState>(INITIAL);
  const controller = useRef<AbortController | null>(null);
  const run = useRef(0);

  // Leaving the page (or the card) must not leave a transfer running in the background.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (file: File, encrypt: boolean) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const id = ++run.current;
    const { signal } = current;
    // Updates from a flow that was replaced or reset are dropped.
    const update = (patch: Partial<UploadFlowState>) => {
      if (run.current === id) setState((previous) => ({ ...previous, ...patch }));
    };
    setState({ ...INITIAL, phase: 'preparing', file, encrypt });

    let shortCode: string | null = null;
    try {
      shortCode = (await createInstantTinyUrl(file.name || 'file', signal)).shortCode;
    } catch (error) {
      if (isAbortError(error) || signal.aborted) return;
      console.warn('Instant short link failed; uploading without one', error);
    }

    try {
      const result = await uploadFile({
        input: file,
        encrypt,
        shortCode,
        signal,
        onStage: (phase) => update({ phase }),
        onLink: (link) => update({ link }),
        onProgress: (value: number | ProgressValue) => {
          const { percent, speed, eta } = normalizeProgress(value);
          update({ progress: percent, speed, eta });
        },
      });
      if (shortCode) {
        await completeTinyUrl(shortCode, {
          fileId: result.fileId,
          storageKey: result.storageKey,
          originalName: file.name || 'file',
        }).catch((error: unknown) => console.error('Completing the short link failed', error));
      }
      update({ phase: 'ready', progress: 100, speed: null, eta: null, link: result.shareUrl });
    } catch (error) {
      if (isAbortError(error) || signal.aborted) return;
      console.error('Upload failed', error);
      update({
        phase: 'error',
        progress: 0,
        speed: null,
        eta: null,
        errorMessage: uploadErrorMessage(error),
      });
    }
  }, []);

  const retry = useCallback(() => {
    if (state.file) void start(state.file, state.encrypt);
  }, [start, state.file, state.encrypt]);

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    run.current += 1;
    setState(INITIAL);
  }, []);

  return { state, status: cardStatus(state.phase), start, retry, reset };
}
