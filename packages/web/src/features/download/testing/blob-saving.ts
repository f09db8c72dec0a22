/** Saving as jsdom can: a Blob handed to the page's save step, read back with FileReader. */
import { createBrowserSaveEnvironment } from '../save/save-environment';
import type { SaveEnvironment } from '../save/sink-types';

/**
 * Blob-only saving (no service worker, no File System Access); each save waits until the test
 * calls finishSaving, so a test can look at the page while the save is under way.
 */
export function blobEnvironment() {
  const saved: { blob: Blob; name: string }[] = [];
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const environment: SaveEnvironment = createBrowserSaveEnvironment({
    capabilities: () => ({
      serviceWorker: false,
      fileSystemAccess: false,
      staging: false,
      keepsFailedStreams: false,
    }),
    saveBlob: async (blob, name) => {
      await finished;
      saved.push({ blob, name });
    },
  });
  return { environment, saved, finishSaving: finish };
}

/** jsdom's Blob has no arrayBuffer(); its FileReader does the job. */
export function readBlob(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}
