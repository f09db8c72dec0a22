/**
 * The unfinished uploads this browser remembers, for the home page's resume offer. Discarding one
 * aborts it on the server (its parts are deleted) and forgets it here.
 */
import { useCallback, useEffect, useState } from 'react';
import { abortUpload } from '../api/upload-endpoints';
import type { PendingUpload } from './pending-upload';
import type { PendingUploadStore } from './pending-upload-store';

export function usePendingUploads(store: PendingUploadStore) {
  const [uploads, setUploads] = useState<PendingUpload[]>([]);

  useEffect(() => {
    let live = true;
    void store.list().then((found) => {
      if (live) setUploads(found);
    });
    return () => {
      live = false;
    };
  }, [store]);

  /** No longer offered on this page (it is being resumed); the store keeps it until it ends. */
  const dismiss = useCallback((fileId: string) => {
    setUploads((current) => current.filter((upload) => upload.fileId !== fileId));
  }, []);

  const discard = useCallback(
    async (upload: PendingUpload) => {
      try {
        await abortUpload({ objectKey: upload.objectKey, uploadId: upload.uploadId });
      } catch (error) {
        // Already gone on the server (expired, swept): forgetting it here is all that is left.
        console.warn('Could not abort the stored upload on the server', error);
      }
      await store.remove(upload.fileId);
      dismiss(upload.fileId);
    },
    [store, dismiss],
  );

  return { pending: uploads[0] ?? null, dismiss, discard };
}
