import { useEffect, useRef } from 'react';
import { buttonClassName } from '../../../components/ui/button';
import { DownloadIcon } from '../../../components/ui/icons';
import { API_BASE } from '../../../lib/api-client';
import { useWithoutEncryptionClaim } from '../../../lib/encryption-claim';
import { reportDownload } from '../api/download-reward';

/**
 * The browser saves a plain file itself, so the page cannot see it finish; it reports the
 * download once the browser has had time to ask for it (the server pays only for a download URL
 * it signed for this visitor).
 */
export const PLAIN_REWARD_DELAY_MS = 3000;

/**
 * Unencrypted files need no key: an ordinary link to the download endpoint, which redirects to
 * storage that answers with Content-Disposition, so the browser streams it to disk itself.
 */
export function PlainDownload({ fileId, rewards = false }: { fileId: string; rewards?: boolean }) {
  useWithoutEncryptionClaim();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  // Only where the server pays rewards; a failure is logged, never shown to the recipient.
  const onDownload = () => {
    if (timer.current || !rewards) return;
    timer.current = setTimeout(() => {
      reportDownload(fileId).catch((error: unknown) =>
        console.warn('The download reward was not reported', error),
      );
    }, PLAIN_REWARD_DELAY_MS);
  };
  return (
    <div className="download-actions">
      <p className="download-hint">This file was shared without browser encryption.</p>
      <a
        href={`${API_BASE}/files/${encodeURIComponent(fileId)}/download`}
        className={buttonClassName({ size: 'lg', block: true })}
        download
        rel="noreferrer"
        onClick={onDownload}
      >
        <DownloadIcon size={20} />
        Download File
      </a>
    </div>
  );
}
