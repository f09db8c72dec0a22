import { createError } from '../../shared/errors';

export const mailUnavailable = () =>
  createError({
    code: 'mail.unavailable',
    status: 503,
    message: 'We could not send the email right now. Please try again in a few minutes.',
  });
