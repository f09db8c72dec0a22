import { formatExpiry } from '@sealdrop/core/format-expiry';
import { formatSize } from '@sealdrop/core/format-size';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CopyIcon, LockIcon } from '../../../components/ui/icons';
import type { ListedFile } from '../api/my-files';

/** Said in place of "Copy link" where the link would go out without its key. */
export const KEY_ELSEWHERE_TEXT = 'The key for this link is only in the browser that uploaded it.';

interface FileTableProps {
  files: ListedFile[];
  onCopy: (file: ListedFile) => void;
  onDelete: (file: ListedFile) => void;
}

/**
 * One row per file: name, size, expiry, status, and the copy-link and delete actions. An
 * encrypted file whose key this browser does not hold offers no copy: the link alone opens
 * nothing, so the row says where the key is instead. Below 640 px each row is a small card
 * (my-files.css), so no column is pushed off a phone's screen.
 */
export function FileTable({ files, onCopy, onDelete }: FileTableProps) {
  return (
    <div className="sd-file-table__frame">
      <table className="sd-file-table">
        <caption className="sr-only">Your uploaded files</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Size</th>
            <th scope="col">Expires</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {files.map((file) => (
            <tr key={file.fileId}>
              <th scope="row" className="sd-file-table__name">
                {file.isEncrypted ? <LockIcon size={16} title="Encrypted" /> : null}
                {/* Cut short on wide screens, whole on phones; the title always has it all. */}
                <span title={file.originalName ?? undefined}>{file.originalName}</span>
              </th>
              <td className="sd-file-table__size">{formatSize(file.size)}</td>
              <td className="sd-file-table__expiry">{formatExpiry(file.expiresAt)}</td>
              <td className="sd-file-table__status">
                {file.status === 'ready' ? (
                  <Badge tone="success">Ready</Badge>
                ) : file.status === 'scanning' ? (
                  <Badge tone="warning">Checking</Badge>
                ) : (
                  <Badge tone="warning">Uploading</Badge>
                )}
              </td>
              <td className="sd-file-table__actions">
                {file.keyElsewhere ? (
                  <p className="sd-file-table__key-note">{KEY_ELSEWHERE_TEXT}</p>
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    icon={<CopyIcon size={16} />}
                    aria-label={`Copy link to ${file.originalName}`}
                    onClick={() => onCopy(file)}
                  >
                    Copy link
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${file.originalName}`}
                  onClick={() => onDelete(file)}
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
