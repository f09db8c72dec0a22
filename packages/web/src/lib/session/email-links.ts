/**
 * The mailed-link calls of issue 14: verify an address, resend the link, recover a password.
 * Tokens go in request bodies only, never in a URL the server would log.
 */
import type { PublicUser } from '@sealdrop/core/api-auth-schemas';
import { apiRequest } from '../api-client';
import { ACCOUNT_TIMEOUT_MS } from './auth-api';

export function verifyEmail(token: string) {
  return apiRequest<{ user: PublicUser }>('/auth/verify-email', {
    method: 'POST',
    body: { token },
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}

export function resendVerification() {
  return apiRequest<{ sent: true; email: string }>('/auth/resend-verification', {
    method: 'POST',
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}

export function requestPasswordReset(email: string) {
  return apiRequest<{ message: string }>('/auth/forgot-password', {
    method: 'POST',
    body: { email },
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}

export function resetPassword(body: { token: string; newPassword: string }) {
  return apiRequest<{ reset: true }>('/auth/reset-password', {
    method: 'POST',
    body,
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}
