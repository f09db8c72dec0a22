/**
 * The uploads this page is running, as the whole app sees them (docs/uploads.md, "An upload
 * outlives the page it started on"): pure rules, no React.
 */
import type { LinkOptions, UploadFlowState } from '../hooks/use-upload-flow';
import type { PendingUpload } from '../resume/pending-upload';

/** What a transfer was asked to do: a new upload, or a stored multipart one taken up again. */
export type TransferRequest =
  | { kind: 'start'; file: File; encrypt: boolean; options: LinkOptions }
  | { kind: 'resume'; upload: PendingUpload; file: File };

export interface TransferView {
  id: number;
  state: UploadFlowState;
  retry: () => void;
}

/** Still moving bytes or about to: neither waiting for a file, nor ready, nor failed. */
export function isRunning(state: UploadFlowState): boolean {
  return state.phase !== 'pending' && state.phase !== 'ready' && state.phase !== 'error';
}

/** The running transfers together, weighted by size: a whole percent for the top bar. */
export function overallPercent(states: UploadFlowState[]): number {
  const running = states.filter(isRunning);
  const total = running.reduce((sum, state) => sum + (state.file?.size ?? 0), 0);
  if (total === 0) {
    const plain = running.reduce((sum, state) => sum + state.progress, 0);
    return running.length ? Math.floor(plain / running.length) : 0;
  }
  const sent = running.reduce(
    (sum, state) => sum + ((state.file?.size ?? 0) * state.progress) / 100,
    0,
  );
  return Math.min(100, Math.floor((sent / total) * 100));
}
