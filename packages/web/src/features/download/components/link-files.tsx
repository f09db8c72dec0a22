/**
 * A link with several files: "Download all" saves one zip made in this browser
 * while decrypting; each file's own button fetches only that file's records (Range).
 */
import { fileOffsets, fileSpan } from '@sealdrop/core/crypto/file-span';
import type { MetadataFile } from '@sealdrop/core/crypto/metadata-record';
import { lastSegment, safeEntryPath } from '@sealdrop/core/file-list';
import { formatSize } from '@sealdrop/core/format-size';
import { Button } from '../../../components/ui/button';
import type { Selection } from '../lib/decrypt-selection';
import { zipSize } from '../lib/zip-files';
import { safeFileName } from '../save/content-disposition';
import type { SaveTarget } from '../save/sink-types';

export interface LinkFilesProps {
  /** The link's name: its folder's, or "{n} files". */
  name: string;
  files: MetadataFile[];
  busy: boolean;
  onSave: (target: SaveTarget, selection: Selection) => void;
}

export function LinkFiles({ name, files, busy, onSave }: LinkFilesProps) {
  const offsets = fileOffsets(files.map((file) => file.size));
  const total = files.reduce((sum, file) => sum + file.size, 0);
  const entries = files.map(({ path, size }) => ({ path, size }));

  const saveAll = () =>
    onSave({ name: safeFileName(`${name}.zip`), size: zipSize(entries) }, { kind: 'zip', entries });
  const saveOne = (index: number) => {
    const file = files[index]!;
    const span = fileSpan(offsets[index]!, file.size, total);
    const target = { name: safeFileName(lastSegment(file.path)), size: file.size };
    if (span) onSave(target, { kind: 'file', span });
    else saveEmptyFile(target.name);
  };

  return (
    <>
      <Button size="lg" block onClick={saveAll} loading={busy}>
        Download all
      </Button>
      <ul className="link-files" aria-label="Files in this link">
        {files.map((file, index) => {
          const path = safeEntryPath(file.path);
          return (
            <li key={`${offsets[index]}:${path}`} className="link-files__item">
              <span className="link-files__name">{path}</span>
              <span className="link-files__size">{formatSize(file.size)}</span>
              <Button
                variant="secondary"
                size="sm"
                disabled={busy}
                aria-label={`Download ${path}`}
                onClick={() => saveOne(index)}
              >
                Download
              </Button>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** An empty file has no records to fetch: it is saved as it is. */
function saveEmptyFile(name: string) {
  const url = URL.createObjectURL(new Blob([]));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
