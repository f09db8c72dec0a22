/**
 * The browser facilities the download uses, behind one object so tests (and odd browsers) can
 * swap them: capability detection and the opener for each save method.
 */
import { createContext } from 'react';
import { openBlobSink, type SaveBlob } from './blob-sink';
import { getShowSaveFilePicker, openFileSystemSink } from './file-system-sink';
import { downloadThroughServiceWorker, startIframeDownload } from './service-worker-download';
import type { SaveCapabilities, SaveEnvironment, SinkKind } from './sink-types';
import { openStagedSink, stagingStorage } from './staged-sink';

export function detectSaveCapabilities(): SaveCapabilities {
  return {
    serviceWorker:
      globalThis.isSecureContext === true &&
      typeof navigator !== 'undefined' &&
      'serviceWorker' in navigator,
    fileSystemAccess: getShowSaveFilePicker() !== undefined,
    staging: stagingStorage() !== undefined,
    keepsFailedStreams: keepsFailedStreams(),
    preferred: preferredMethod(),
  };
}

const SINK_KINDS: readonly SinkKind[] = ['service-worker', 'staged', 'file-system', 'blob'];

/** The method the benches ask for (docs/downloads.md, "Measurements"); none for everyone else. */
function preferredMethod(): SinkKind | undefined {
  try {
    const asked = globalThis.localStorage?.getItem('sealdrop:save-method');
    return SINK_KINDS.find((kind) => kind === asked);
  } catch {
    return undefined; // storage blocked
  }
}

/**
 * Gecko keeps the files of a failed Service Worker download stream; no feature test can tell, so
 * the engine is named (Firefox on every platform, and the browsers built on it, say `Gecko/` and
 * `Firefox/`).
 */
function keepsFailedStreams(): boolean {
  return typeof navigator !== 'undefined' && /\bFirefox\//.test(navigator.userAgent);
}

export interface BrowserSaveOptions {
  capabilities?: () => SaveCapabilities;
  saveBlob?: SaveBlob;
}

export function createBrowserSaveEnvironment(options: BrowserSaveOptions = {}): SaveEnvironment {
  const capabilities = options.capabilities ?? detectSaveCapabilities;
  return {
    capabilities,
    async open(kind, target) {
      if (kind === 'file-system') return openFileSystemSink(target);
      if (kind === 'staged') return openStagedSink(target, { saveBlob: options.saveBlob });
      return openBlobSink(target, options.saveBlob);
    },
    downloadInWorker: (job) =>
      downloadThroughServiceWorker(job, {
        container: navigator.serviceWorker,
        startDownload: startIframeDownload,
      }),
  };
}

/** Null means "the real browser"; tests provide their own. */
export const SaveEnvironmentContext = createContext<SaveEnvironment | null>(null);
