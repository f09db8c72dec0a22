import type { FileInfo } from '@sealdrop/core/api-schemas';
import { formatExpiry } from '@sealdrop/core/format-expiry';
import { formatSize } from '@sealdrop/core/format-size';
import { retentionSentence } from '@sealdrop/core/retention';
import { useEffect, useState } from 'react';
import { ClockIcon } from '../../../components/ui/icons';
import { DEFAULT_FILE_NAME } from '../save/content-disposition';

/** The expiry text counts down while the page stays open. */
const EXPIRY_REFRESH_MS = 30_000;

/** What a passphrase-protected link's file is called until it is unlocked: its name is sealed. */
export const PROTECTED_FILE_LABEL = 'Protected file';

/** "1 download left", "5 downloads left". */
export function downloadsLeftText(count: number): string {
  return `${count} download${count === 1 ? '' : 's'} left`;
}

/**
 * Name, size and expiry of the file, and when it is deleted, from its own expiry.
 * `locked`: a passphrase-protected link not unlocked yet, whose name nobody here can read.
 */
export function FileDetails({ file, locked = false }: { file: FileInfo; locked?: boolean }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), EXPIRY_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const name = file.originalName || (locked ? PROTECTED_FILE_LABEL : DEFAULT_FILE_NAME);

  return (
    <>
      <dl className="download-details">
        <div>
          <dt>File name</dt>
          <dd className="download-details__name">{name}</dd>
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
            <dd>{downloadsLeftText(file.downloadsLeft)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="download-note">
        <ClockIcon size={16} />
        {retentionSentence(file.expiresAt, now)}
      </p>
    </>
  );
}
