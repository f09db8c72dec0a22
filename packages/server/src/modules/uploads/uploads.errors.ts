import { fileTooLargeMessage } from '@sealdrop/core/limits';
import { createError } from '../../shared/errors';

export const fileTooLarge = (maxBytes: number) =>
  createError({ code: 'uploads.too_large', status: 413, message: fileTooLargeMessage(maxBytes) });

export const expiryTooLong = (maxLabel: string) =>
  createError({
    code: 'uploads.expiry_too_long',
    status: 400,
    message: `Links can last at most ${maxLabel} on your plan.`,
  });

export const shortCodeUnknown = () =>
  createError({
    code: 'uploads.short_code_unknown',
    status: 404,
    message: 'Unknown or expired short code',
  });

export const shortCodeNotReserver = () =>
  createError({
    code: 'uploads.short_code_not_reserver',
    status: 403,
    message: 'Only the browser that reserved this short code can use it',
  });

export const shortCodeTaken = () =>
  createError({
    code: 'uploads.short_code_taken',
    status: 409,
    message: 'This short code is already used by another file',
  });

export const uploadNotFound = () =>
  createError({ code: 'uploads.not_found', status: 404, message: 'Upload not found or expired' });

export const uploadMismatch = () =>
  createError({
    code: 'uploads.mismatch',
    status: 400,
    message: 'objectKey and slug belong to different uploads',
  });

export const uploadFinalized = () =>
  createError({
    code: 'uploads.finalized',
    status: 409,
    message: 'This upload is already finalized',
  });

export const notMultipart = () =>
  createError({
    code: 'uploads.not_multipart',
    status: 400,
    message: 'This upload is a single PUT, not multipart',
  });

export const badPartNumber = (partCount: number) =>
  createError({
    code: 'uploads.bad_part',
    status: 400,
    message: `Part numbers must be between 1 and ${partCount}`,
  });

export const partsRequired = (partCount: number) =>
  createError({
    code: 'uploads.parts_required',
    status: 400,
    message: `finalize needs the ETag of each of the ${partCount} parts`,
  });

export const objectMissing = () =>
  createError({
    code: 'uploads.incomplete',
    status: 409,
    message: 'The file has not been fully uploaded yet',
  });

export const sizeMismatch = (expected: number, actual: number) =>
  createError({
    code: 'uploads.size_mismatch',
    status: 400,
    message: `Uploaded size ${actual} does not match the declared size ${expected}; the upload was discarded`,
  });

export const partsRejected = (reason: string) =>
  createError({
    code: 'uploads.parts_rejected',
    status: 400,
    message: `Storage refused the parts: ${reason}`,
  });
