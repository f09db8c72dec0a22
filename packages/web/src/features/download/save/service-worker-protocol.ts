/**
 * Names shared by the page and public/download-sw.js (plain JS, so it repeats them; the Service
 * Worker test runs the real script against the page side to keep both in step).
 */

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

/** Messages on the per-download MessagePort. */
export type WorkerToPage =
  | { type: 'ready' }
  | { type: 'started' }
  | { type: 'pull' }
  | { type: 'cancel' };
export type PageToWorker =
  | { type: 'chunk'; chunk: Uint8Array }
  | { type: 'done' }
  | { type: 'error'; message: string };

export interface PrepareMessage {
  type: typeof PREPARE_MESSAGE;
  id: string;
  disposition: string;
  /** Plaintext bytes, or -1 when unknown (then no Content-Length is sent). */
  size: number;
  /** Present with the 'stream' transport; otherwise the worker pulls chunks over the port. */
  stream?: ReadableStream<Uint8Array>;
}
