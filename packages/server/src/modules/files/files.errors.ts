import { UPLOAD_DID_NOT_FINISH_TEXT } from '@sealdrop/core/upload-progress';
import { createError } from '../../shared/errors';

/** Unknown, expired and spent links look the same (the download page's words), so a link's state cannot be probed. */
export const fileNotFound = () =>
  createError({ code: 'files.not_found', status: 404, message: 'File not found or has expired.' });

/**
 * The link's upload ended before it finished (the sender cancelled it, or the sweeper dropped it):
 * the waiting page's words, for whoever opens the link afterwards too.
 */
export const uploadDidNotFinish = () =>
  createError({ code: 'files.unfinished', status: 410, message: UPLOAD_DID_NOT_FINISH_TEXT });

export const fileStillUploading = () =>
  createError({
    code: 'files.uploading',
    status: 409,
    message: 'This file is still uploading. Please try again in a moment.',
  });

export const fileBeingScanned = () =>
  createError({
    code: 'files.scanning',
    status: 409,
    message: 'This file is being checked for malware. Please try again in a moment.',
  });

export const notYourFile = () =>
  createError({
    code: 'files.not_owner',
    status: 403,
    message: 'You can only delete your own files',
  });
