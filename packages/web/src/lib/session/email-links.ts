/**
 * The mailed-link calls: verify an address, resend the link, recover a password, restore an
 * address after an email change ("This wasn't me"). Tokens go in request bodies only, never in a
 * URL the server would log.
 */

import {
  emailRestoredSchema,
  messageResponseSchema,
  passwordResetSchema,
  userResponseSchema,
  verificationSentSchema,
} from '@sealdrop/core/api-auth-schemas';
import { apiRequest } from '../api-client';
import { ACCOUNT_TIMEOUT_MS } from './auth-api';

export function verifyEmail(token: string) {
  return apiRequest('/auth/verify-email', {
    schema: userResponseSchema,
    method: 'POST',
    body: { token },
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}

export function resendVerification() {
  return apiRequest('/auth/resend-verification', {
    schema: verificationSentSchema,
    method: 'POST',
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}

export function requestPasswordReset(email: string) {
  return apiRequest('/auth/forgot-password', {
    schema: messageResponseSchema,
    method: 'POST',
    body: { email },
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}

export function resetPassword(body: { token: string; newPassword: string }) {
  return apiRequest('/auth/reset-password', {
    schema: passwordResetSchema,
    method: 'POST',
    body,
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}

export function restoreEmail(body: { token: string; newPassword: string }) {
  return apiRequest('/auth/restore-email', {
    schema: emailRestoredSchema,
    method: 'POST',
    body,
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}
