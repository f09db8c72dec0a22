import { formatSize } from '@sealdrop/core/format-size';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { pickedFromList } from '../lib/file-bundle';
import {
  DIFFERENT_FILE_MESSAGE,
  isSameFile,
  type PendingUpload,
  rebuildBundle,
  sentBytes,
} from './pending-upload';
import './resume-offer.css';

export interface ResumeOfferProps {
  upload: PendingUpload;
  /** Called with the re-picked file once it is the same one. */
  onResume: (file: File) => void;
  onDiscard: () => Promise<void> | void;
}

/**
 * Offered on the home page after a reload left a multipart upload unfinished. The browser cannot
 * reopen a file by itself, so the person picks the same file again; anything else is refused.
 */
export function ResumeOffer({ upload, onResume, onDiscard }: ResumeOfferProps) {
  const titleId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const { name, size } = upload.file;
  const sent = sentBytes(upload);
  const percent = size ? Math.floor((sent / size) * 100) : 0;

  const folder = upload.entries !== undefined;
  useEffect(() => {
    // Several files: the folder is picked again (not a React prop, so set on the element).
    if (input.current) input.current.webkitdirectory = folder;
  }, [folder]);

  const onPicked = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const file = folder ? rebuildBundle(upload, pickedFromList(files)) : files[0];
    if (!file) {
      setRefusal(DIFFERENT_FILE_MESSAGE);
      return;
    }
    if (!isSameFile(upload.file, file)) {
      setRefusal(DIFFERENT_FILE_MESSAGE);
      return;
    }
    setRefusal(null);
    onResume(file);
  };

  return (
    <Card as="section" className="sd-resume" aria-labelledby={titleId} variant="accent">
      <h2 id={titleId} className="sd-resume__title">
        Resume your upload of {name}?
      </h2>
      <p className="sd-resume__progress">
        {formatSize(sent)} of {formatSize(size)} sent ({percent}%). Choose the same file again to
        send the rest; the link stays the same.
      </p>
      <label htmlFor={inputId} className="sr-only">
        Choose {name} again to resume
      </label>
      <input
        ref={input}
        id={inputId}
        className="sr-only"
        type="file"
        onChange={(event) => {
          const files = event.currentTarget.files;
          onPicked(files);
          // Cleared so that picking after a refusal fires change again.
          event.currentTarget.value = '';
        }}
      />
      {refusal ? (
        <p className="sd-resume__refusal" role="alert">
          {refusal}
        </p>
      ) : null}
      <div className="sd-resume__actions">
        <Button variant="primary" onClick={() => input.current?.click()}>
          Resume upload
        </Button>
        <Button
          variant="secondary"
          loading={discarding}
          onClick={async () => {
            setDiscarding(true);
            try {
              await onDiscard();
            } finally {
              setDiscarding(false);
            }
          }}
        >
          Discard
        </Button>
      </div>
    </Card>
  );
}
