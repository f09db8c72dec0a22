import { WEAK_PASSWORD_MESSAGE } from '@sealdrop/core/password-strength';
import { createError } from '../../shared/errors';

export const unauthorized = (message = 'Please log in to continue') =>
  createError({ code: 'auth.unauthorized', status: 401, message });
export const invalidCredentials = () =>
  createError({
    code: 'auth.invalid_credentials',
    status: 401,
    message: 'Invalid email or password',
  });
export const emailTaken = () =>
  createError({
    code: 'auth.email_taken',
    status: 409,
    message: 'An account with this email already exists',
  });
export const weakPassword = () =>
  createError({ code: 'auth.weak_password', status: 400, message: WEAK_PASSWORD_MESSAGE });
export const wrongCurrentPassword = () =>
  createError({
    code: 'auth.wrong_password',
    status: 400,
    message: 'Current password is incorrect',
  });
const minutes = (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`;
export const tooManyLogins = (waitMinutes: number) =>
  createError({
    code: 'auth.too_many_logins',
    status: 429,
    message: `Too many login attempts. Please try again in ${minutes(waitMinutes)}.`,
  });
/** The same lockout reached from an account page that asks for the current password. */
export const tooManyPasswordAttempts = (waitMinutes: number) =>
  createError({
    code: 'auth.too_many_password_attempts',
    status: 429,
    message: `Too many password attempts. Please try again in ${minutes(waitMinutes)}.`,
  });
