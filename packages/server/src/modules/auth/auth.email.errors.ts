/** Errors of the mailed-link flows: verification, password reset, email change. */
import { createError } from '../../shared/errors';

export const invalidLink = () =>
  createError({
    code: 'auth.invalid_link',
    status: 400,
    message: 'This link is invalid, expired or already used. Please request a new one.',
  });
export const alreadyVerified = () =>
  createError({
    code: 'auth.already_verified',
    status: 409,
    message: 'Your email address is already verified',
  });
export const currentPasswordRequired = () =>
  createError({
    code: 'auth.current_password_required',
    status: 400,
    message: 'Please enter your current password to change your email',
  });
/** An account made through OpenID Connect has no password to confirm the change with. */
export const passwordNotSet = () =>
  createError({
    code: 'auth.password_not_set',
    status: 400,
    message:
      'Your account has no password yet. Log out, choose "Forgot password?" in the login window to set one, then change your email.',
  });
export const mailCooldown = () =>
  createError({
    code: 'auth.mail_cooldown',
    status: 429,
    message: 'We just sent you an email. Please wait a minute before asking for another one.',
  });
