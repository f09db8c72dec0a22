/**
 * Sign-in failures. Their messages end up in the browser's address bar and on the sign-in page,
 * so they are fixed texts: nothing from the provider or from an exception is ever shown.
 */
import { createError } from '../../shared/errors';

export const notConfigured = () =>
  createError({
    code: 'oidc.not_configured',
    status: 404,
    message: 'External sign-in is not configured',
  });
export const providerUnreachable = (name: string) =>
  createError({
    code: 'oidc.unreachable',
    status: 502,
    message: `Could not reach ${name}. Please try again later.`,
  });
export const unknownState = () =>
  createError({
    code: 'oidc.unknown_state',
    status: 400,
    message: 'This sign-in has expired or was already used. Please try again.',
  });
export const otherBrowser = () =>
  createError({
    code: 'oidc.other_browser',
    status: 400,
    message: 'This sign-in was started in another browser. Please try again.',
  });
export const cancelled = (name: string) =>
  createError({
    code: 'oidc.cancelled',
    status: 400,
    message: `Sign-in with ${name} was cancelled.`,
  });
export const noEmail = (name: string) =>
  createError({
    code: 'oidc.no_email',
    status: 400,
    message: `Your ${name} account did not share a valid email address.`,
  });
export const emailNotVerified = (name: string) =>
  createError({
    code: 'oidc.email_not_verified',
    status: 400,
    message: `Your ${name} email address is not verified. Verify it with ${name}, then try again.`,
  });
export const linkedElsewhere = (name: string) =>
  createError({
    code: 'oidc.linked_elsewhere',
    status: 409,
    message: `This email is already linked to a different ${name} account.`,
  });
export const linkFromSettings = (name: string) =>
  createError({
    code: 'oidc.link_from_settings',
    status: 409,
    message: `An account with this email already exists. Sign in with your password, then link ${name} in Settings.`,
  });
export const subjectLinkedElsewhere = (name: string) =>
  createError({
    code: 'oidc.subject_linked_elsewhere',
    status: 409,
    message: `This ${name} account is already linked to another Sealdrop account.`,
  });
export const loginCodeUnknown = () =>
  createError({
    code: 'oidc.login_code_unknown',
    status: 400,
    message: 'This sign-in has expired or was already used. Please try again.',
  });
export const failed = (name: string) =>
  createError({
    code: 'oidc.failed',
    status: 400,
    message: `Sign-in with ${name} failed. Please try again.`,
  });
