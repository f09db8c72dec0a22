/** The account calls of spec §7 / DESIGN §3. The bearer header comes from the API client. */
import type { AuthResult, PublicUser } from '@sealdrop/core/api-auth-schemas';
import { apiRequest } from '../api-client';

/** Spec §7: account calls time out after 600000 ms. */
export const ACCOUNT_TIMEOUT_MS = 600_000;

export interface Credentials {
  email: string;
  password: string;
}

export interface ProfileFields {
  email?: string;
  /** Required with a new email (issue 14). */
  currentPassword?: string;
}

export function registerAccount(body: Credentials) {
  return apiRequest<AuthResult>('/auth/register', {
    method: 'POST',
    body,
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}

export function logIn(body: Credentials) {
  return apiRequest<AuthResult>('/auth/login', {
    method: 'POST',
    body,
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}

/** Reads the bearer token synchronously when called (before its first await). */
export function logOut() {
  return apiRequest<unknown>('/auth/logout', { method: 'POST', timeoutMs: ACCOUNT_TIMEOUT_MS });
}

export async function fetchCurrentUser(): Promise<PublicUser> {
  const data = await apiRequest<{ user: PublicUser }>('/auth/me', {
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
  return data.user;
}

export function updateProfile(body: ProfileFields) {
  return apiRequest<AuthResult>('/auth/profile', {
    method: 'PUT',
    body,
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}

export function refreshToken() {
  return apiRequest<AuthResult>('/auth/refresh-token', {
    method: 'POST',
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}

export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return apiRequest<unknown>('/auth/change-password', {
    method: 'POST',
    body,
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}
