/** GET /api/files/:fileId/info, for the download page. The fragment never goes into it. */
import type { FileInfo } from '@sealdrop/core/api-schemas';
import { fileInfoSchema, isWaitingStatus } from '@sealdrop/core/api-schemas';
import { uploadWaitDelay } from '@sealdrop/core/upload-wait';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** The download client's timeout. */
export const DOWNLOAD_TIMEOUT_MS = 30_000;

/**
 * A file's info is for whoever has its link and needs no session. The server preloads it with the
 * download page and a short link's page (its `Link` header), and this request is sent as that
 * preload is, so that the browser's early answer is the one used.
 */
export function getFileInfo(fileId: string, signal?: AbortSignal): Promise<FileInfo> {
  return apiRequest(`/files/${encodeURIComponent(fileId)}/info`, {
    schema: fileInfoSchema,
    signal,
    timeoutMs: DOWNLOAD_TIMEOUT_MS,
    preloaded: true,
  });
}

// The waiting policy is shared with the command-line client.
export { UPLOAD_WAIT_POLL, uploadWaitDelay } from '@sealdrop/core/upload-wait';

export function useFileInfo(fileId: string | undefined) {
  return useQuery({
    queryKey: ['file-info', fileId],
    queryFn: ({ signal }) => getFileInfo(fileId!, signal),
    enabled: Boolean(fileId),
    // An unknown or expired file stays so; only network and server failures are worth a retry.
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    staleTime: 60_000,
    // Polls only while the file is uploading or being checked for malware; an upload cancelled or
    // swept unfinished and a blocked one turn into a 410, an expired one into a 404 (errors),
    // which ends the polling.
    refetchInterval: (query) =>
      isWaitingStatus(query.state.data?.status) && query.state.status !== 'error'
        ? uploadWaitDelay(query.state.dataUpdateCount)
        : false,
  });
}
