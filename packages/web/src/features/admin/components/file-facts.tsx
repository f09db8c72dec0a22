import type { AdminFile } from '@sealdrop/core/api-admin-schemas';
import { formatSize } from '@sealdrop/core/format-size';
import { Badge } from '../../../components/ui/badge';
import { formatAge, formatWhen } from '../lib/admin-format';
import { FILE_STATUS_LABELS } from './admin-texts';

const STATUS_TONES = {
  uploading: 'info',
  scanning: 'info',
  ready: 'success',
  removed: 'danger',
  expired: 'neutral',
} as const;

/** What a moderator knows of a file: size, age, expiry, downloads, uploader and address hash. */
export function FileFacts({ file }: { file: AdminFile }) {
  const downloads =
    file.downloadLimit === null
      ? String(file.downloads)
      : `${file.downloads} of ${file.downloadLimit}`;
  return (
    <dl className="sd-admin-facts">
      <div>
        <dt>Status</dt>
        <dd>
          <Badge tone={STATUS_TONES[file.status]}>{FILE_STATUS_LABELS[file.status]}</Badge>
          {file.removedAt ? ` ${formatWhen(file.removedAt)}` : null}
        </dd>
      </div>
      <div>
        <dt>Contents</dt>
        <dd>
          {file.isEncrypted
            ? 'Encrypted (name and contents sealed)'
            : `${file.originalName ?? 'unnamed'} (${file.contentType})`}
        </dd>
      </div>
      <div>
        <dt>Size</dt>
        <dd>{formatSize(file.size)}</dd>
      </div>
      <div>
        <dt>Age</dt>
        <dd>
          {formatAge(file.ageSeconds)} (uploaded {formatWhen(file.createdAt)})
        </dd>
      </div>
      <div>
        <dt>Expires</dt>
        <dd>{formatWhen(file.expiresAt)}</dd>
      </div>
      <div>
        <dt>Downloads so far</dt>
        <dd>{downloads}</dd>
      </div>
      <div>
        <dt>Uploader</dt>
        <dd>
          {file.uploader.label}
          {file.uploader.suspended ? (
            <>
              {' '}
              <Badge tone="danger">Suspended</Badge>
            </>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>Address hash</dt>
        <dd className="sd-admin-facts__code">
          {file.uploader.addressHash ?? 'unknown'}
          {file.uploader.addressBlockedUntil ? (
            <>
              {' '}
              <Badge tone="danger">
                Blocked until {formatWhen(file.uploader.addressBlockedUntil)}
              </Badge>
            </>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>Reports</dt>
        <dd>
          {file.openReports} open, {file.totalReports} in all
        </dd>
      </div>
    </dl>
  );
}
