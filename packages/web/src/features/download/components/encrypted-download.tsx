import type { FileInfo } from '@sealdrop/core/api-schemas';
import type { FragmentSecrets } from '@sealdrop/core/crypto/fragment';
import type { MetadataFile } from '@sealdrop/core/crypto/metadata-record';
import { useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckIcon, LockIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { type DownloadState, useDecryptingDownload } from '../hooks/use-decrypting-download';
import { safeFileName } from '../save/content-disposition';
import { LinkFiles } from './link-files';

/** Fixed product text. */
export const DECRYPTING_TEXT = 'Decrypting file in your browser...';
/** Shown while a dropped connection is being resumed. */
export const RESUMING_TEXT = 'Connection lost. Resuming…';

export function EncryptedDownload({
  file,
  files = null,
  secrets,
  rewards = false,
}: {
  file: FileInfo;
  /** A link's files when it carries several: "Download all" and one button per file. */
  files?: MetadataFile[] | null;
  secrets: FragmentSecrets;
  /** Report a finished download for the uploader's reward (the server pays rewards). */
  rewards?: boolean;
}) {
  const target = useMemo(
    () => ({ name: safeFileName(file.originalName), size: file.size }),
    [file.originalName, file.size],
  );
  const { state, start } = useDecryptingDownload(file.fileId, secrets, file.size, {
    limited: file.downloadsLeft != null,
    rewards,
  });
  const busy = state.phase !== 'idle' && state.phase !== 'saved' && state.phase !== 'error';

  return (
    <div className="download-actions">
      <p className="download-hint">
        <LockIcon size={16} />
        Encrypted in the sender's browser. It is decrypted on this device; the key in your link
        never leaves this page.
      </p>
      {files ? (
        <LinkFiles
          name={file.originalName ?? 'files'}
          files={files}
          busy={busy}
          onSave={(saveTarget, selection) => void start(saveTarget, selection)}
        />
      ) : (
        <Button size="lg" block onClick={() => start(target)} loading={busy}>
          Download &amp; Decrypt File
        </Button>
      )}
      <DownloadStatus state={state} />
    </div>
  );
}

function DownloadStatus({ state }: { state: DownloadState }) {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'downloading':
      return (
        <div className="download-status" role="status">
          <progress max={100} value={state.percent} aria-label="Download progress" />
          <span>Downloading… {state.percent}%</span>
        </div>
      );
    case 'resuming':
      return (
        <div className="download-status" role="status">
          <progress max={100} value={state.percent} aria-label="Download progress" />
          <span>{RESUMING_TEXT}</span>
        </div>
      );
    case 'decrypting':
      return (
        <div className="download-status" role="status">
          <Spinner size="sm" />
          <span>{DECRYPTING_TEXT}</span>
        </div>
      );
    case 'saved':
      return (
        <div className="download-status download-status--success" role="status">
          <CheckIcon size={18} />
          <span className="download-status__saved">File decrypted and saved as {state.name}.</span>
        </div>
      );
    case 'error':
      return (
        <div className="download-status download-status--error" role="alert">
          <p>{state.message}</p>
          {state.detail ? <p className="download-status__detail">{state.detail}</p> : null}
        </div>
      );
  }
}
