import { createError } from '../../shared/errors';

export const notReserver = () =>
  createError({
    code: 'short_links.not_reserver',
    status: 403,
    message: 'Only the browser that reserved this short link can complete it',
  });

/** The download page's words, which the short-link page shows as the server's message. */
export const linkNotFound = () =>
  createError({
    code: 'short_links.not_found',
    status: 404,
    message: 'File not found or has expired.',
  });

export const linkedFileUnknown = () =>
  createError({
    code: 'short_links.file_unknown',
    status: 404,
    message: 'File not found or has expired.',
  });

/** /tiny/complete names a file the code was not given to by presign. */
export const codeNotForFile = () =>
  createError({
    code: 'short_links.other_file',
    status: 409,
    message: 'This short code does not point to this file: send it with the upload instead',
  });
