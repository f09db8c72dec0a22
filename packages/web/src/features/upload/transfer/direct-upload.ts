/** The single-PUT path, for files the server did not split into parts. */
import { withRetry } from '@sealdrop/core/client/retry';
import { type SendRetry, sendRetryOptions } from '../lib/send-retry';
import { type PutBlob, putBlob } from './put-blob';

export const UPLOAD_URL_REQUIRED = 'uploadUrl required';
export const BLOB_REQUIRED = 'blob must be a File/Blob';

export interface DirectUploadOptions {
  uploadUrl: string | undefined;
  blob: Blob;
  contentType?: string;
  signal?: AbortSignal;
  onBytes?: (sent: number) => void;
  put?: PutBlob;
  retry?: SendRetry;
  timeoutMs?: number;
}

export async function uploadDirect(options: DirectUploadOptions): Promise<void> {
  const { uploadUrl, blob, signal, onBytes } = options;
  if (!uploadUrl) throw new Error(UPLOAD_URL_REQUIRED);
  if (!(blob instanceof Blob)) throw new TypeError(BLOB_REQUIRED);
  const put = options.put ?? putBlob;
  await withRetry(
    async () => {
      try {
        await put({
          url: uploadUrl,
          body: blob,
          contentType: options.contentType,
          signal,
          timeoutMs: options.timeoutMs,
          onProgress: onBytes,
        });
      } catch (error) {
        // Bytes of a failed try were not stored: progress starts over for the next one.
        onBytes?.(0);
        throw error;
      }
    },
    sendRetryOptions(options.retry, signal),
  );
}
