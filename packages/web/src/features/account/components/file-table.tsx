import type { MyFile } from '@sealdrop/core/api-auth-schemas';
import { formatExpiry } from '@sealdrop/core/format-expiry';
import { formatFileSize } from '@sealdrop/core/format-size';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CopyIcon, LockIcon } from '../../../components/ui/icons';

interface FileTableProps {
  files: MyFile[];
  onCopy: (file: MyFile) => void;
  onDelete: (file: MyFile) => void;
}

/** One row per file: name, size, expiry, status, and the copy-link and delete actions. */
export function FileTable({ files, onCopy, onDelete }: FileTableProps) {
  return (
    <div className="sd-file-table__scroll">
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
                <span>{file.originalName}</span>
              </th>
              <td>{formatFileSize(file.size)}</td>
              <td>{formatExpiry(file.expiresAt)}</td>
              <td>
                {file.status === 'ready' ? (
                  <Badge tone="success">Ready</Badge>
                ) : file.status === 'scanning' ? (
                  <Badge tone="warning">Checking</Badge>
                ) : (
                  <Badge tone="warning">Uploading</Badge>
                )}
              </td>
              <td className="sd-file-table__actions">
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<CopyIcon size={16} />}
                  aria-label={`Copy link to ${file.originalName}`}
                  onClick={() => onCopy(file)}
                >
                  Copy link
                </Button>
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
