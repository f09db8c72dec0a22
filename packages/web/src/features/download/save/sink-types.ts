/** The ways a decrypted file can be written to disk, and what each needs to know. */
import type { Selection } from '../lib/decrypt-selection';

export type SinkKind = 'service-worker' | 'staged' | 'file-system' | 'blob';
/** The methods where the page decrypts and writes (the worker decrypts on its own). */
export type PageSinkKind = Exclude<SinkKind, 'service-worker'>;

export interface SaveTarget {
  /** File name offered to the browser (already defaulted to "downloaded-file"). */
  name: string;
  /** Plaintext size in bytes; becomes Content-Length on the Service Worker path. */
  size: number;
}

export interface SaveSink {
  kind: PageSinkKind;
  /**
   * Receives decrypted bytes. Closing it completes the file; aborting it (a decryption error,
   * leaving the page) makes the browser discard or fail the download instead of keeping it.
   */
  writable: WritableStream<Uint8Array>;
}

export interface SaveCapabilities {
  /** Service workers can be registered (secure context, API present). */
  serviceWorker: boolean;
  /** window.showSaveFilePicker exists. */
  fileSystemAccess: boolean;
  /** The origin-private file system and Web Locks exist (the 'staged' method). */
  staging: boolean;
  /**
   * The browser keeps what it saved of a streamed download that fails (Firefox: an empty file and
   * a `.part`, for good). There, bytes reach the download manager only once all are verified.
   */
  keepsFailedStreams: boolean;
  /**
   * A method to try first, where it can be used: set from localStorage's `sealdrop:save-method`
   * so the download benches can measure each method in each browser (docs/downloads.md).
   */
  preferred?: SinkKind;
}

/** A whole encrypted download handed to the Service Worker: it fetches, decrypts and saves. */
export interface WorkerDownloadJob {
  /** Same-origin path of the ciphertext (GET, follows the redirect to storage). */
  downloadPath: string;
  key: CryptoKey;
  iv: Uint8Array;
  selection: Selection;
  target: SaveTarget;
  signal: AbortSignal;
  onPercent: (percent: number) => void;
  onDecrypting: () => void;
  onInterrupted: () => void;
  onResumed: () => void;
}

export interface SaveEnvironment {
  capabilities(): SaveCapabilities;
  /** Opens a sink for the page's own decryption: 'staged', 'file-system' or 'blob'. */
  open(kind: PageSinkKind, target: SaveTarget): Promise<SaveSink>;
  /** The 'service-worker' method; rejects with SinkUnavailableError when it cannot be used. */
  downloadInWorker(job: WorkerDownloadJob): Promise<void>;
}
