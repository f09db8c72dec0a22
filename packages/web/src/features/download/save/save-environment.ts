/**
 * The browser facilities the download uses, behind one object so tests (and odd browsers) can
 * swap them: capability detection and the opener for each save method.
 */
import { createContext } from 'react';
import { openBlobSink, type SaveBlob } from './blob-sink';
import { getShowSaveFilePicker, openFileSystemSink } from './file-system-sink';
import {
  openServiceWorkerSink,
  startIframeDownload,
  type WorkerTransport,
} from './service-worker-sink';
import type { SaveCapabilities, SaveEnvironment, SinkKind } from './sink-types';

export function detectSaveCapabilities(): SaveCapabilities {
  return {
    serviceWorker:
      globalThis.isSecureContext === true &&
      typeof navigator !== 'undefined' &&
      'serviceWorker' in navigator,
    fileSystemAccess: getShowSaveFilePicker() !== undefined,
  };
}

export interface BrowserSaveOptions {
  capabilities?: () => SaveCapabilities;
  saveBlob?: SaveBlob;
  /** 'pump' unless a browser is measured to do better with transferred streams. */
  workerTransport?: WorkerTransport;
}

export function createBrowserSaveEnvironment(options: BrowserSaveOptions = {}): SaveEnvironment {
  const capabilities = options.capabilities ?? detectSaveCapabilities;
  return {
    capabilities,
    async open(kind: SinkKind, target) {
      if (kind === 'service-worker') {
        return openServiceWorkerSink(target, {
          container: navigator.serviceWorker,
          transport: options.workerTransport ?? 'pump',
          startDownload: startIframeDownload,
        });
      }
      if (kind === 'file-system') return openFileSystemSink(target);
      return openBlobSink(target, options.saveBlob);
    },
  };
}

/** Null means "the real browser"; tests provide their own. */
export const SaveEnvironmentContext = createContext<SaveEnvironment | null>(null);
