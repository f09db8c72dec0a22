import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { buttonClassName } from '../../../components/ui/button';
import { UploadIcon } from '../../../components/ui/icons';
import { type PickedFile, pickedFromDrop, pickedFromList } from '../lib/file-bundle';

export interface FileDropZoneProps {
  /** "5GB" or "100GB". */
  maxLabel: string;
  /** One file, several, or a folder's files with their relative paths. */
  onFiles: (files: PickedFile[]) => void;
}

/**
 * Pick area for files, and "Choose a folder" beside it (issue 16 item 1). The real file inputs stay
 * in the tab order (visually hidden, not display:none), so keyboard users reach them with Tab and
 * open the pickers with Enter or Space. Dropped folders keep their relative paths.
 */
export function FileDropZone({ maxLabel, onFiles }: FileDropZoneProps) {
  const inputId = useId();
  const folderId = useId();
  const folderInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    // Not a React prop: set on the element so the picker chooses a folder.
    if (folderInput.current) folderInput.current.webkitdirectory = true;
  }, []);

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    void pickedFromDrop(event.dataTransfer).then((picked) => {
      if (picked.length > 0) onFiles(picked);
    });
  };

  const onPick = (input: HTMLInputElement) => {
    const picked = pickedFromList(input.files ?? []);
    // Cleared so choosing the same file again (after a refusal) fires change again.
    input.value = '';
    if (picked.length > 0) onFiles(picked);
  };

  return (
    <div className="sd-home-pick">
      <label
        htmlFor={inputId}
        className={`sd-home-drop${dragging ? ' sd-home-drop--active' : ''}`}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          id={inputId}
          className="sr-only"
          type="file"
          multiple
          onChange={(event) => onPick(event.currentTarget)}
        />
        <span className="sd-home-drop__icon" aria-hidden="true">
          <UploadIcon size={32} />
        </span>
        <span className="sd-home-drop__title">Drop a file here or click to choose one</span>
        <span className="sd-home-drop__limit">up to {maxLabel}</span>
      </label>
      <input
        id={folderId}
        ref={folderInput}
        className="sr-only"
        type="file"
        onChange={(event) => onPick(event.currentTarget)}
      />
      <label
        htmlFor={folderId}
        className={`sd-home-folder ${buttonClassName({ variant: 'secondary' })}`}
      >
        Choose a folder
      </label>
    </div>
  );
}
