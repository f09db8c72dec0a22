import { useEffect, useRef, useState } from 'react';
import { buttonClassName } from '../../../components/ui/button';
import { DownloadIcon } from '../../../components/ui/icons';
import { API_BASE } from '../../../lib/api-client';
import { useWithoutEncryptionClaim } from '../../../lib/encryption-claim';
import { DOWNLOAD_REWARD_FAILED, reportDownload } from '../api/download-reward';

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
export function PlainDownload({ fileId }: { fileId: string }) {
  useWithoutEncryptionClaim();
  const [rewardFailed, setRewardFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const onDownload = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      reportDownload(fileId).catch(() => setRewardFailed(true));
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
      {rewardFailed ? <p className="download-status__detail">{DOWNLOAD_REWARD_FAILED}</p> : null}
    </div>
  );
}
