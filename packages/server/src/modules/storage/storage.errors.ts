import { createError } from '../../shared/errors';

/** Errors the storage layer raises on purpose; the API's error handler turns them into envelopes. */
export const storageErrors = {
  invalidKey: () =>
    createError({ code: 'storage.invalid_key', status: 400, message: 'Invalid storage key.' }),
  invalidSignature: () =>
    createError({
      code: 'storage.invalid_signature',
      status: 403,
      message: 'This storage link is invalid or has been altered.',
    }),
  expired: () =>
    createError({
      code: 'storage.link_expired',
      status: 403,
      message: 'This storage link has expired. Please request a new one.',
    }),
  notFound: () =>
    createError({ code: 'storage.not_found', status: 404, message: 'This file does not exist.' }),
  uploadNotFound: () =>
    createError({
      code: 'storage.upload_not_found',
      status: 404,
      message: 'This upload does not exist or was cancelled.',
    }),
  uploadClosed: () =>
    createError({
      code: 'storage.upload_closed',
      status: 409,
      message: 'This upload is closed: it was finished, cancelled or deleted, or it expired.',
    }),
  tooLarge: (size: number) =>
    createError({
      code: 'storage.too_large',
      status: 413,
      message: `The upload is larger than the ${size} bytes it was signed for.`,
    }),
  sizeMismatch: (size: number, received: number) =>
    createError({
      code: 'storage.size_mismatch',
      status: 400,
      message: `The upload must be exactly ${size} bytes; ${received} were received.`,
    }),
  invalidParts: (message: string) =>
    createError({ code: 'storage.invalid_parts', status: 400, message }),
  /** The object store cannot be reached (down, refusing connections, answering 5xx, too slow). */
  unavailable: () =>
    createError({
      code: 'storage.unavailable',
      status: 503,
      message: 'Storage is unavailable. Please try again later.',
    }),
  /** The local disk is full (ENOSPC) or over quota (EDQUOT). */
  noSpace: () =>
    createError({
      code: 'storage.no_space',
      status: 507,
      message:
        'Not enough storage space on the server to store this upload. Please try again later.',
    }),
};
