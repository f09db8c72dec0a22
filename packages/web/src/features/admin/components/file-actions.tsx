import type { AdminFile } from '@sealdrop/core/api-admin-schemas';
import type { ReportReason } from '@sealdrop/core/moderation';
import { useState } from 'react';
import { Button, buttonClassName } from '../../../components/ui/button';
import { BlockUploaderDialog, DismissDialog, RemoveFileDialog } from './action-dialogs';

type Open = 'remove' | 'dismiss' | 'block' | null;

/**
 * A file's actions. "Open file" opens the file's own download page in a new tab, with the key a
 * reporter included in its fragment, so the very decryptor recipients use opens it, in this
 * browser; the key never goes into a request. A plain file needs no key.
 */
export function FileActions({
  file,
  reportKey = null,
  defaultReason = 'other',
  canDismiss = false,
  onDone,
}: {
  file: AdminFile;
  /** `key=…&iv=…` a reporter included, while the report is open. */
  reportKey?: string | null;
  defaultReason?: ReportReason;
  canDismiss?: boolean;
  onDone: (message: string) => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const live = file.status === 'ready' || file.status === 'uploading';
  const openable = file.status === 'ready' && (!file.isEncrypted || reportKey !== null);
  const uploader = file.uploader;
  const canBlock =
    (uploader.accountId !== null && !uploader.suspended) || uploader.addressHash !== null;
  const name = file.fileId;

  return (
    <div className="sd-admin-actions">
      {openable ? (
        <a
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          href={`/download/${encodeURIComponent(file.fileId)}${reportKey ? `#${reportKey}` : ''}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Open file ${name}`}
        >
          Open file
        </a>
      ) : null}
      {live ? (
        <Button
          variant="danger"
          size="sm"
          aria-label={`Remove file ${name}`}
          onClick={() => setOpen('remove')}
        >
          Remove file
        </Button>
      ) : null}
      {canDismiss ? (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Dismiss reports of ${name}`}
          onClick={() => setOpen('dismiss')}
        >
          Dismiss
        </Button>
      ) : null}
      {canBlock ? (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Block uploader of ${name}`}
          onClick={() => setOpen('block')}
        >
          Block uploader
        </Button>
      ) : null}
      {openable && file.downloadLimit !== null ? (
        <p className="sd-admin-muted sd-admin-actions__note">
          Downloading it there counts towards its limit of {file.downloadLimit}; the last allowed
          download deletes it.
        </p>
      ) : null}
      {open === 'remove' ? (
        <RemoveFileDialog
          file={file}
          defaultReason={defaultReason}
          onClose={close}
          onDone={onDone}
        />
      ) : null}
      {open === 'dismiss' ? <DismissDialog file={file} onClose={close} onDone={onDone} /> : null}
      {open === 'block' ? (
        <BlockUploaderDialog file={file} onClose={close} onDone={onDone} />
      ) : null}
    </div>
  );
}
