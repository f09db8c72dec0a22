import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { UploadIcon } from '../../../components/ui/icons';
import { type PickedFile, pickedFromDrop, pickedFromList } from '../lib/file-bundle';

export interface FileDropZoneProps {
  /** "5GB" or "100GB". */
  maxLabel: string;
  /** One file, several, or a folder's files with their relative paths. */
  onFiles: (files: PickedFile[]) => void;
}

/**
 * Pick area for files, and "Choose a folder" under it. There is one file input:
 * the folder button opens it as a folder picker for that one pick, so a page (or a test) that
 * looks for the file input finds exactly one. The input stays in the tab order (visually hidden,
 * not display:none), so keyboard users reach it with Tab and open the picker with Enter or Space.
 * Dropped folders keep their relative paths.
 */
export function FileDropZone({ maxLabel, onFiles }: FileDropZoneProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    void pickedFromDrop(event.dataTransfer).then((picked) => {
      if (picked.length > 0) onFiles(picked);
    });
  };

  useEffect(() => {
    // A dismissed folder picker must not leave the next click choosing folders.
    const element = input.current;
    const reset = () => element && pickFiles(element);
    element?.addEventListener('cancel', reset);
    return () => element?.removeEventListener('cancel', reset);
  }, []);

  const chooseFolder = () => {
    const element = input.current;
    if (!element) return;
    element.webkitdirectory = true;
    element.click();
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
          ref={input}
          id={inputId}
          className="sr-only"
          type="file"
          multiple
          onChange={(event) => {
            const element = event.currentTarget;
            const picked = pickedFromList(element.files ?? []);
            // Cleared so choosing the same file again (after a refusal) fires change again.
            element.value = '';
            pickFiles(element);
            if (picked.length > 0) onFiles(picked);
          }}
        />
        <span className="sd-home-drop__icon" aria-hidden="true">
          <UploadIcon size={32} />
        </span>
        <span className="sd-home-drop__title">Drop a file here or click to choose one</span>
        <span className="sd-home-drop__limit">up to {maxLabel}</span>
      </label>
      <Button variant="secondary" className="sd-home-folder" onClick={chooseFolder}>
        Choose a folder
      </Button>
      {/* Outside the label, which would open the file picker too; in a new tab, so that reading
          the terms never interrupts an upload. */}
      <p className="sd-home-terms">
        By uploading you agree to the{' '}
        <a href="/terms" target="_blank" rel="noopener">
          terms of use
        </a>
        .
      </p>
    </div>
  );
}

/** Back to picking files, whatever the last pick was. */
function pickFiles(element: HTMLInputElement) {
  element.webkitdirectory = false;
}
