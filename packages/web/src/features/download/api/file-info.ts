/** GET /api/files/:fileId/info, for the download page. The fragment never goes into it. */
import type { FileInfo } from '@sealdrop/core/api-schemas';
import { fileInfoSchema } from '@sealdrop/core/api-schemas';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** Spec §7: the download client's timeout. */
export const DOWNLOAD_TIMEOUT_MS = 30_000;

export function getFileInfo(fileId: string, signal?: AbortSignal): Promise<FileInfo> {
  return apiRequest(`/files/${encodeURIComponent(fileId)}/info`, {
    schema: fileInfoSchema,
    signal,
    timeoutMs: DOWNLOAD_TIMEOUT_MS,
  });
}

/**
 * While the sender is still uploading, the page asks again: 2 s after the first answer, then
 * 1.5× longer each time, up to 15 s. Never more than one request every 2 s (issue 15).
 */
export const UPLOAD_WAIT_POLL = { firstMs: 2000, factor: 1.5, maxMs: 15_000 } as const;

export function uploadWaitDelay(answersSoFar: number): number {
  const { firstMs, factor, maxMs } = UPLOAD_WAIT_POLL;
  return Math.min(maxMs, Math.round(firstMs * factor ** Math.max(0, answersSoFar - 1)));
}

export function useFileInfo(fileId: string | undefined) {
  return useQuery({
    queryKey: ['file-info', fileId],
    queryFn: ({ signal }) => getFileInfo(fileId!, signal),
    enabled: Boolean(fileId),
    // An unknown or expired file stays so; only network and server failures are worth a retry.
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    staleTime: 60_000,
    // Polls only while the file is uploading; an aborted or expired upload turns into a 404 (error),
    // which ends the polling.
    refetchInterval: (query) =>
      query.state.data?.status === 'uploading' && query.state.status !== 'error'
        ? uploadWaitDelay(query.state.dataUpdateCount)
        : false,
  });
}
