import { type DragEvent, useId, useState } from 'react';
import { UploadIcon } from '../../../components/ui/icons';

export interface FileDropZoneProps {
  /** "5GB" or "100GB". */
  maxLabel: string;
  onFile: (file: File) => void;
}

/**
 * Pick area for one file. The real file input stays in the tab order (visually hidden, not
 * display:none), so keyboard users reach it with Tab and open the picker with Enter or Space.
 */
export function FileDropZone({ maxLabel, onFile }: FileDropZoneProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
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
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared so choosing the same file again (after a refusal) fires change again.
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
      <span className="sd-home-drop__icon" aria-hidden="true">
        <UploadIcon size={32} />
      </span>
      <span className="sd-home-drop__title">Drop a file here or click to choose one</span>
      <span className="sd-home-drop__limit">up to {maxLabel}</span>
    </label>
  );
}
