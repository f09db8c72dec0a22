/** GET /files/my-files and DELETE /files/:id, as TanStack Query hooks. */
import type { MyFile, MyFilesList } from '@sealdrop/core/api-auth-schemas';
import { myFilesListSchema } from '@sealdrop/core/api-auth-schemas';
import { visibleName } from '@sealdrop/core/file-list';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { forgetFileKey, recallFileKey } from '../../../lib/file-keys';
import { ENCRYPTED_FILE_LABEL, openWithFragment, recordLabel } from '../../../lib/sealed-names';

/** Files page 1, limit 10. */
export const FILES_PAGE_SIZE = 10;

/** A file of the list as this browser sees it. */
export interface ListedFile extends MyFile {
  /**
   * An encrypted file whose key this browser does not hold (it was uploaded in another browser,
   * or this one forgot it): its link cannot be given out from here, since without the key it
   * opens nothing.
   */
  keyElsewhere: boolean;
}

export type ListedFiles = Omit<MyFilesList, 'items'> & { items: ListedFile[] };

export async function fetchMyFiles(page: number, signal?: AbortSignal): Promise<ListedFiles> {
  const data = await apiRequest(`/files/my-files?page=${page}&limit=${FILES_PAGE_SIZE}`, {
    schema: myFilesListSchema,
    signal,
  });
  return { ...data, items: await Promise.all(data.items.map(asSeenHere)) };
}

/**
 * The server lists an encrypted file without its name: open it with the key this browser
 * remembered at upload, else call it "Encrypted file". The name stays in this page's memory. Any
 * name is listed through core's visibleName: hidden characters written out, never obeyed.
 */
async function asSeenHere(file: MyFile): Promise<ListedFile> {
  const fragment = file.isEncrypted ? recallFileKey(file.fileId) : null;
  const keyElsewhere = file.isEncrypted && fragment === null;
  if (file.originalName !== null) {
    return { ...file, originalName: visibleName(file.originalName), keyElsewhere };
  }
  const record = await openWithFragment(file.encryptedMetadata, fragment);
  const name = record ? recordLabel(record) : ENCRYPTED_FILE_LABEL;
  return { ...file, originalName: visibleName(name), keyElsewhere };
}

export function deleteMyFile(fileId: string) {
  return apiRequest(`/files/${encodeURIComponent(fileId)}`, { method: 'DELETE' });
}

/** The query key carries the user, so one account never sees another's cached list. */
export function useMyFiles(userId: string, page: number) {
  return useQuery({
    queryKey: ['my-files', userId, page],
    queryFn: ({ signal }) => fetchMyFiles(page, signal),
    placeholderData: (previous) => previous,
  });
}

export function useDeleteMyFile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMyFile,
    onSuccess: (_data, fileId) => {
      forgetFileKey(fileId);
      return queryClient.invalidateQueries({ queryKey: ['my-files', userId] });
    },
  });
}
