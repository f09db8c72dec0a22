/**
 * POST /api/files/:fileId/downloaded: the page tells the server the file is saved. For the last
 * download a limited link allows, the server deletes the object at once ("burn after reading");
 * otherwise nothing changes. The browser's visitor cookie (HttpOnly, set with the download URL)
 * proves it was given the file; the request carries nothing else.
 */
import { downloadFinishedSchema } from '@sealdrop/core/api-schemas';
import { apiRequest } from '../../../lib/api-client';

export function reportDownloadFinished(fileId: string): Promise<{ deleted: boolean }> {
  return apiRequest(`/files/${encodeURIComponent(fileId)}/downloaded`, {
    schema: downloadFinishedSchema,
    method: 'POST',
  });
}
