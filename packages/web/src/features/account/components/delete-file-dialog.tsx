import type { MyFile } from '@sealdrop/core/api-auth-schemas';
import { useEffect, useRef } from 'react';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { serverMessageOf } from '../../../lib/server-message';
import { useDeleteMyFile } from '../api/my-files';
import { ErrorNotice } from './error-notice';

/** Fixed product text, word for word. */
export const DELETE_FILE_FAILED = 'Failed to delete file';

interface DeleteFileDialogProps {
  userId: string;
  /** The file to confirm, or null when closed. */
  file: MyFile | null;
  onClose: () => void;
}

/** Asks before deleting; focus starts on Cancel so Enter never deletes by accident. */
export function DeleteFileDialog({ userId, file, onClose }: DeleteFileDialogProps) {
  const mutation = useDeleteMyFile(userId);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { reset } = mutation;

  // A new file to confirm starts without the previous attempt's error.
  useEffect(() => {
    if (file) reset();
  }, [file, reset]);

  const confirm = () => {
    if (!file) return;
    mutation.mutate(file.fileId, { onSuccess: onClose });
  };

  return (
    <Modal
      open={file !== null}
      onClose={onClose}
      size="sm"
      title="Delete this file?"
      initialFocusRef={cancelRef}
      footer={
        <>
          <button
            ref={cancelRef}
            type="button"
            className={buttonClassName({ variant: 'secondary' })}
            onClick={onClose}
          >
            Cancel
          </button>
          <Button variant="danger" loading={mutation.isPending} onClick={confirm}>
            Delete file
          </Button>
        </>
      }
    >
      <p>
        <strong>{file?.originalName}</strong> will be removed for everyone who has its link. This
        cannot be undone.
      </p>
      {mutation.isError ? (
        <ErrorNotice message={DELETE_FILE_FAILED} detail={serverMessageOf(mutation.error)} />
      ) : null}
    </Modal>
  );
}
