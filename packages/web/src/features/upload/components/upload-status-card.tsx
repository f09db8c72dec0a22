import { useEffect } from 'react';
import { cardViewOf, useUploadFlow } from '../hooks/use-upload-flow';
import { UploadStatusView, type UploadStatusViewProps } from './upload-status-view';

export interface SelfDrivingUploadCardProps {
  /** Given a file, the card runs the whole upload itself. */
  file: File;
  /** Encrypt in the browser (default true). */
  encrypt?: boolean;
  onUploadAnother?: () => void;
  copyConfirmMs?: number;
}

export type UploadStatusCardProps = UploadStatusViewProps | SelfDrivingUploadCardProps;

/**
 * "Upload Status" card. Controlled: pass status, progress, fileName, fileSize, finalUrl.
 * Self-driving: pass a `file` and it uploads it; unmounting it aborts the upload in flight.
 */
export function UploadStatusCard(props: UploadStatusCardProps) {
  if ('file' in props && props.file) return <SelfDrivingUploadCard {...props} />;
  return <UploadStatusView {...(props as UploadStatusViewProps)} />;
}

function SelfDrivingUploadCard({
  file,
  encrypt = true,
  onUploadAnother,
  copyConfirmMs,
}: SelfDrivingUploadCardProps) {
  const { state, start, retry, reset } = useUploadFlow();

  useEffect(() => {
    void start(file, encrypt);
  }, [file, encrypt, start]);

  return (
    <UploadStatusView
      {...cardViewOf(state)}
      fileName={file.name}
      fileSize={file.size}
      onCancel={reset}
      onRetry={retry}
      onUploadAnother={() => {
        reset();
        onUploadAnother?.();
      }}
      copyConfirmMs={copyConfirmMs}
    />
  );
}
