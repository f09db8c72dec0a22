import type { FileInfo } from '@sealdrop/core/api-schemas';
import { formatExpiry } from '@sealdrop/core/format-expiry';
import { formatSize } from '@sealdrop/core/format-size';
import { retentionSentence } from '@sealdrop/core/retention';
import { useEffect, useState } from 'react';
import { ClockIcon } from '../../../components/ui/icons';

/** The expiry text counts down while the page stays open. */
const EXPIRY_REFRESH_MS = 30_000;

/** Name, size and expiry of the file (spec §2), and the retention statement. */
export function FileDetails({ file }: { file: FileInfo }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), EXPIRY_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <>
      <dl className="download-details">
        <div>
          <dt>File name</dt>
          <dd className="download-details__name">{file.originalName || 'downloaded-file'}</dd>
        </div>
        <div>
          <dt>Size</dt>
          <dd>{formatSize(file.size)}</dd>
        </div>
        <div>
          <dt>Expiration</dt>
          <dd>{formatExpiry(file.expiresAt, now)}</dd>
        </div>
        {file.downloadsLeft != null ? (
          <div>
            <dt>Download limit</dt>
            {/* Issue 16 item 3's text, as written: "{n} downloads left". */}
            <dd>{`${file.downloadsLeft} downloads left`}</dd>
          </div>
        ) : null}
      </dl>
      <p className="download-note">
        <ClockIcon size={16} />
        {/* A 30-day (premium) file says its date, not the free tier's 24 hours (issue 15). */}
        {retentionSentence(file.expiresAt, now)}
      </p>
    </>
  );
}
