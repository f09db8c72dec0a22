/** Exact texts of the status card; tests find elements by them. */
import { UPLOAD_DID_NOT_FINISH_TEXT } from '@sealdrop/core/upload-progress';

export type UploadCardStatus = 'idle' | 'processing' | 'uploading' | 'ready' | 'error';

export const STATUS_TEXTS: Record<UploadCardStatus, { title: string; description: string }> = {
  idle: { title: 'Waiting…', description: 'Pick a file to start.' },
  processing: { title: 'Processing…', description: 'Encrypting & finalizing your upload…' },
  uploading: { title: 'Uploading…', description: 'Sending your file securely…' },
  ready: {
    title: 'Ready to share',
    description: 'Your file is ready. Copy or share the link anywhere.',
  },
  error: { title: 'Upload failed', description: 'Something went wrong. You can retry the upload.' },
};

export const LINK_HINT_PENDING =
  'This is an instant, pre-signed link. Safe to copy or share now while the file uploads.';
export const LINK_HINT_READY = "This is your instant link. It's live and ready to share.";
/**
 * A failed upload's link leads nowhere, and the card says so instead of offering it: the same
 * words a waiting recipient reads when the upload never finished.
 */
export const LINK_HINT_FAILED = UPLOAD_DID_NOT_FINISH_TEXT;

/** The server blocked the file (malware) after it was sent: the alert under it says why. */
export const LINK_HINT_REMOVED = 'This link will not work: the file was blocked.';

/** Copy confirmation on the card; the home panel passes its own 2 s. */
export const CARD_COPY_CONFIRM_MS = 1600;
export const HOME_COPY_CONFIRM_MS = 2000;
