import { buttonClassName } from '../../../components/ui/button';
import { DownloadIcon } from '../../../components/ui/icons';
import { API_BASE } from '../../../lib/api-client';

/**
 * Unencrypted files need no key: an ordinary link to the download endpoint, which redirects to
 * storage that answers with Content-Disposition, so the browser streams it to disk itself.
 */
export function PlainDownload({ fileId }: { fileId: string }) {
  return (
    <div className="download-actions">
      <p className="download-hint">This file was shared without browser encryption.</p>
      <a
        href={`${API_BASE}/files/${encodeURIComponent(fileId)}/download`}
        className={buttonClassName({ size: 'lg', block: true })}
        download
        rel="noreferrer"
      >
        <DownloadIcon size={20} />
        Download File
      </a>
    </div>
  );
}
