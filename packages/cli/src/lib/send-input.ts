/**
 * What a send is asked to do, and whom it tells. A file of its own so that the steps of a send
 * (upload.ts, send-parts.ts, send-resume.ts) share it without importing each other.
 */
import type { Api } from './api';
import type { LocalFile } from './local-files';
import type { SendStateStore } from './send-state';

export interface SendInput {
  api: Api;
  files: LocalFile[];
  encrypt: boolean;
  passphrase?: string;
  expiresIn?: number;
  downloadLimit?: number;
  signal: AbortSignal;
  /** Where a multipart send keeps what resuming needs; null: not resumable. */
  store: SendStateStore | null;
  /** The share link, as soon as it exists (before any byte is sent). */
  onLink?: (link: string, expiresAt: string, resumed: boolean) => void;
  /** Object bytes stored so far, of `total`. */
  onProgress?: (sent: number, total: number) => void;
  /** Told why an unfinished send could not be resumed (and is started over). */
  onNotice?: (text: string) => void;
  /** Told once when the server checks the (plain) file for malware before its link is ready. */
  onScanning?: () => void;
}
