/** The account calls. The bearer header comes from the API client. */
import type { PublicUser } from '@sealdrop/core/api-auth-schemas';
import { authResultSchema, userResponseSchema } from '@sealdrop/core/api-auth-schemas';
import { apiRequest } from '../api-client';

/** Account calls time out after 600000 ms. */
export const ACCOUNT_TIMEOUT_MS = 600_000;

export interface Credentials {
  email: string;
  password: string;
}

export interface ProfileFields {
  email?: string;
  /** Required with a new email. */
  currentPassword?: string;
}

export function registerAccount(body: Credentials) {
  return apiRequest('/auth/register', {
    schema: authResultSchema,
    method: 'POST',
    body,
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}

export function logIn(body: Credentials) {
  return apiRequest('/auth/login', {
    schema: authResultSchema,
    method: 'POST',
    body,
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}

/** Reads the bearer token synchronously when called (before its first await). */
export function logOut() {
  return apiRequest('/auth/logout', { method: 'POST', timeoutMs: ACCOUNT_TIMEOUT_MS });
}

export async function fetchCurrentUser(): Promise<PublicUser> {
  const data = await apiRequest('/auth/me', {
    schema: userResponseSchema,
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
  return data.user;
}

export function updateProfile(body: ProfileFields) {
  return apiRequest('/auth/profile', {
    schema: authResultSchema,
    method: 'PUT',
    body,
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}

export function refreshToken() {
  return apiRequest('/auth/refresh-token', {
    schema: authResultSchema,
    method: 'POST',
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}

export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return apiRequest('/auth/change-password', {
    method: 'POST',
    body,
    timeoutMs: ACCOUNT_TIMEOUT_MS,
  });
}
