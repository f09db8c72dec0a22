/** Names and messages shared by the page and the download worker (../service-worker/). */
import type { Selection } from '../lib/decrypt-selection';

export const DOWNLOAD_SW_URL = '/download-sw.js';
/**
 * The worker controls only this prefix: no app page is ever controlled by it, so no other request
 * of the app passes through it (not even to be let through).
 */
export const DOWNLOAD_SCOPE = '/__download__/';

/** page → worker (postMessage on the worker) */
export const PREPARE_MESSAGE = 'sealdrop-download:prepare';
/** page → worker: any event resets the idle timer that would stop the worker mid-download. */
export const PING_MESSAGE = 'sealdrop-download:ping';

/** Why the worker gave up; the page turns it into the same errors as its own decryption path. */
export type WorkerFailure =
  | { type: 'failed'; reason: 'http'; status: number; message: string }
  /** A record did not authenticate: wrong key, tampered or truncated ciphertext. */
  | { type: 'failed'; reason: 'decrypt' }
  /** The first 8 bytes are not a header this app reads; core's message names why. */
  | { type: 'failed'; reason: 'format'; message: string }
  | { type: 'failed'; reason: 'network' };

/** Messages on the per-download MessagePort, worker → page, in this order. */
export type WorkerToPage =
  /** The prepare message was valid; the worker is fetching. */
  | { type: 'accepted' }
  /** The first record decrypted: the page may start the browser download. */
  | { type: 'ready' }
  /** The browser requested the download URL. */
  | { type: 'started' }
  /** Ciphertext bytes received so far; total is the response's Content-Length or -1. */
  | { type: 'progress'; received: number; total: number }
  /** All ciphertext has arrived. */
  | { type: 'received' }
  /** The connection dropped; the worker asks again from where it stopped (Range). */
  | { type: 'interrupted' }
  /** Bytes flow again after an interruption. */
  | { type: 'resumed' }
  /** The last record was decrypted and handed to the browser. */
  | { type: 'done' }
  /** The person cancelled the download in the browser. */
  | { type: 'cancel' }
  | WorkerFailure;

/** page → worker on the port: leaving the page stops the download. */
export type PageToWorker = { type: 'abort' };

export interface PrepareMessage {
  type: typeof PREPARE_MESSAGE;
  id: string;
  disposition: string;
  /** Plaintext bytes, or -1 when unknown (then no Content-Length is sent). */
  size: number;
  /**
   * Where and how to decrypt. The key is a non-extractable CryptoKey: structured clone hands it to
   * the same-origin worker, which can use it but never read its bytes.
   */
  source: { path: string; key: CryptoKey; iv: Uint8Array; selection: Selection };
}
