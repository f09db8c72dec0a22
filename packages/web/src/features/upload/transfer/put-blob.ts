/**
 * One PUT of a Blob to a pre-signed storage URL. XHR rather than fetch because fetch has no upload
 * progress, and a Blob rather than a stream because streaming bodies fail over HTTP/1.1
 * (TOOLCHAIN.md).
 */
import { isRetryablePutStatus } from '@sealdrop/core/client/retry';
import { abortError, TransferError } from '../lib/upload-errors';

export interface PutBlobOptions {
  url: string;
  body: Blob;
  contentType?: string;
  signal?: AbortSignal;
  /** 0 or unset: no timeout. */
  timeoutMs?: number;
  /** Bytes of `body` sent so far; XHR reports this only every ~100 ms. */
  onProgress?: (loaded: number) => void;
}

export interface PutBlobResult {
  status: number;
  /** Needed to finalize a multipart upload; readable only if storage CORS exposes it. */
  etag: string | null;
}

export type PutBlob = (options: PutBlobOptions) => Promise<PutBlobResult>;

export const putBlob: PutBlob = (options) =>
  new Promise((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.open('PUT', options.url);
    xhr.setRequestHeader('Content-Type', options.contentType || 'application/octet-stream');
    if (options.timeoutMs) xhr.timeout = options.timeoutMs;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded);
    };
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(options.body.size);
        resolve({ status: xhr.status, etag: xhr.getResponseHeader('ETag') });
        return;
      }
      const body = String(xhr.responseText ?? '').slice(0, 200);
      reject(
        new TransferError(
          `Upload failed: ${xhr.status} ${body}`,
          xhr.status,
          isRetryablePutStatus(xhr.status),
        ),
      );
    };
    xhr.onerror = () => {
      settle();
      reject(new TransferError('Network error during upload', null, true));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new TransferError('Upload timed out', null, true));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(options.body);
  });
