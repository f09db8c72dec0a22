/**
 * State of the encrypted download:
 * idle → downloading (percent) → decrypting → saved; an error at any step shows its message.
 */
import type { FragmentSecrets } from '@sealdrop/core/crypto/fragment';
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { reportDownloadFinished } from '../api/download-finished';
import { reportDownload } from '../api/download-reward';
import { type Selection, WHOLE_OBJECT } from '../lib/decrypt-selection';
import { runDecryptingDownload } from '../lib/decrypting-download';
import { type DownloadFailure, describeDownloadFailure, isUserAbort } from '../lib/download-errors';
import { createBrowserSaveEnvironment, SaveEnvironmentContext } from '../save/save-environment';
import type { SaveTarget } from '../save/sink-types';

export type DownloadState =
  | { phase: 'idle' }
  | { phase: 'downloading'; percent: number }
  /** The connection dropped; the download goes on from where it stopped once it is back. */
  | { phase: 'resuming'; percent: number }
  | { phase: 'decrypting' }
  /** `name`: what the browser was given to save (a file of several, or the zip of them all). */
  | { phase: 'saved'; name: string }
  | ({ phase: 'error' } & DownloadFailure);

/**
 * "Decrypting file in your browser..." stays up at least this long: on a fast
 * machine the last records decrypt in a blink, and a state nobody can read is not shown at all.
 * It is true whenever it shows: every record of an encrypted file is decrypted here.
 */
export const MIN_DECRYPTING_MS = 600;

export function useDecryptingDownload(
  fileId: string,
  secrets: FragmentSecrets,
  /** Plaintext size of the link's whole object (its info's size). */
  objectSize: number,
  {
    limited = false,
    rewards = false,
  }: {
    /** A link with a download limit: say when the file is saved, so a spent one burns at once. */
    limited?: boolean;
    /** The server pays rewards (a token is configured): report the download for the uploader's. */
    rewards?: boolean;
  } = {},
) {
  const injected = useContext(SaveEnvironmentContext);
  const [state, setState] = useState<DownloadState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  // Read when the download ends: the server's configuration may arrive after the click.
  const rewardsRef = useRef(rewards);
  rewardsRef.current = rewards;

  // Leaving the page stops the download: the decryption runs here and cannot continue without it.
  useEffect(() => () => running.current?.abort(), []);

  const busy =
    state.phase === 'downloading' || state.phase === 'resuming' || state.phase === 'decrypting';
  useEffect(() => {
    if (!busy) return;
    // Closing the tab would cut the stream the browser is saving; ask first.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  /** Saves `target`: the file, or with `selection` one file of several or all of them zipped. */
  const start = useCallback(
    async (target: SaveTarget, selection: Selection = WHOLE_OBJECT) => {
      if (running.current) return;
      const controller = new AbortController();
      running.current = controller;
      setState({ phase: 'downloading', percent: 0 });
      let percentSoFar = 0;
      let decryptingSince: number | null = null;
      const showDecrypting = () => {
        decryptingSince ??= performance.now();
        setState({ phase: 'decrypting' });
      };
      try {
        await runDecryptingDownload({
          fileId,
          secrets,
          selection,
          objectSize,
          target,
          environment: injected ?? createBrowserSaveEnvironment(),
          signal: controller.signal,
          onPercent: (percent) => {
            percentSoFar = percent;
            setState({ phase: 'downloading', percent });
          },
          onDecrypting: showDecrypting,
          onInterrupted: () => setState({ phase: 'resuming', percent: percentSoFar }),
          onResumed: () => setState({ phase: 'downloading', percent: percentSoFar }),
        });
        showDecrypting();
        const shownFor = performance.now() - (decryptingSince ?? performance.now());
        if (shownFor < MIN_DECRYPTING_MS) {
          await new Promise((resolve) => setTimeout(resolve, MIN_DECRYPTING_MS - shownFor));
        }
        if (!controller.signal.aborted) {
          setState({ phase: 'saved', name: target.name });
          // Unanswered, the server still deletes a spent link's object ten minutes on.
          // One file of several is not the whole link: the rest may still be wanted.
          if (limited && selection.kind !== 'file') {
            reportDownloadFinished(fileId).catch(() => undefined);
          }
          // The uploader's reward is the server's and the uploader's business, not the
          // recipient's: a failure is only logged.
          if (rewardsRef.current) {
            reportDownload(fileId).catch((error: unknown) =>
              console.warn('The download reward was not reported', error),
            );
          }
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        setState(
          isUserAbort(error)
            ? { phase: 'idle' }
            : { phase: 'error', ...describeDownloadFailure(error) },
        );
      } finally {
        running.current = null;
      }
    },
    [fileId, secrets, objectSize, injected, limited],
  );

  return { state, start };
}
