/** Account requests and the user as the API returns it (DESIGN §3). */
import { z } from 'zod';
import { normalizeEmail, SIMPLE_EMAIL_PATTERN } from './email';

const email = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .transform(normalizeEmail)
  .refine((value) => SIMPLE_EMAIL_PATTERN.test(value), 'Please enter a valid email address');
const password = z.string().min(1, 'is required').max(1024, 'must be at most 1024 characters');

export const credentialsSchema = z.object({ email, password });
export const changePasswordSchema = z.object({ currentPassword: password, newPassword: password });
/** A new email needs the current password, and takes effect once the new address is verified. */
export const profileSchema = z.object({
  email: email.optional(),
  currentPassword: password.optional(),
});
/** A single-use token from a mailed link (base64url of 32 random bytes). */
const emailToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, 'This link is invalid or has expired');
export const verifyEmailSchema = z.object({ token: emailToken });
export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z.object({ token: emailToken, newPassword: password });
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const limitQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export interface PublicUser {
  id: string;
  email: string;
  /** An unverified address grants nothing that trusts an email (DESIGN §6). */
  emailVerified: boolean;
  /** Whether an external (OpenID Connect) sign-in is linked to the account. */
  oidcLinked: boolean;
  /** A new address waiting for its verification link to be opened; absent when none. */
  pendingEmail?: string;
  tier: { name: string };
  userType: string;
  solanaWallet: string | null;
  prickoBalance: number;
  isPremium: boolean;
  createdAt: string;
}

export interface AuthResult {
  user: PublicUser;
  token: string;
}

export interface MyFile {
  fileId: string;
  /** Null for an encrypted upload whose name is sealed in encryptedMetadata. */
  originalName: string | null;
  /** The sealed metadata record of an encrypted upload (opened in the browser that has its key). */
  encryptedMetadata?: string | null;
  size: number;
  isEncrypted: boolean;
  status: 'pending' | 'ready';
  createdAt: string;
  expiresAt: string;
  shortUrl: string;
}

export interface BalanceEntry {
  id: string;
  amount: number;
  reason: string;
  createdAt: string;
}
