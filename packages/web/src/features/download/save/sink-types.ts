/** The ways a decrypted file can be written to disk, and what each needs to know. */

export type SinkKind = 'service-worker' | 'file-system' | 'blob';

export interface SaveTarget {
  /** File name offered to the browser (already defaulted to "downloaded-file"). */
  name: string;
  /** Plaintext size in bytes; becomes Content-Length on the Service Worker path. */
  size: number;
}

export interface SaveSink {
  kind: SinkKind;
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
}

export interface SaveEnvironment {
  capabilities(): SaveCapabilities;
  open(kind: SinkKind, target: SaveTarget): Promise<SaveSink>;
}
