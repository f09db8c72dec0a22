/** Account requests and the user as the API returns it. */
import { z } from 'zod/mini';
import { normalizeEmail, SIMPLE_EMAIL_PATTERN } from './email';
import { REMOVAL_REASONS } from './moderation';

const email = z
  .pipe(
    z.string().check(z.trim(), z.maxLength(254, 'must be at most 254 characters')),
    z.transform(normalizeEmail),
  )
  .check(
    z.refine((value) => SIMPLE_EMAIL_PATTERN.test(value), 'Please enter a valid email address'),
  );
const password = z
  .string()
  .check(z.minLength(1, 'is required'), z.maxLength(1024, 'must be at most 1024 characters'));

export const credentialsSchema = z.object({ email, password });
export const changePasswordSchema = z.object({ currentPassword: password, newPassword: password });
/** A new email needs the current password, and takes effect once the new address is verified. */
export const profileSchema = z.object({
  email: z.optional(email),
  currentPassword: z.optional(password),
});
/** A single-use token from a mailed link (base64url of 32 random bytes). */
const emailToken = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{16,128}$/, 'This link is invalid or has expired'));
export const verifyEmailSchema = z.object({ token: emailToken });
export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z.object({ token: emailToken, newPassword: password });
/** "This wasn't me": the old address's link after an email change, and a new password. */
export const restoreEmailSchema = z.object({ token: emailToken, newPassword: password });
/** A page size as a query string gives it: 1 to 100, 10 when absent. */
const pageLimit = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 10);
export const pageQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  limit: pageLimit,
});
export const limitQuerySchema = z.object({ limit: pageLimit });

/* Response schemas: the answers as the browser parses them (types only, see api-schemas.ts). */

export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** An unverified address grants nothing that trusts an email. */
  emailVerified: z.boolean(),
  /** Whether an external (OpenID Connect) sign-in is linked to the account. */
  oidcLinked: z.boolean(),
  /** A new address waiting for its verification link to be opened; absent when none. */
  pendingEmail: z.optional(z.string()),
  tier: z.object({ name: z.string() }),
  userType: z.string(),
  solanaWallet: z.nullable(z.string()),
  prickoBalance: z.number(),
  isPremium: z.boolean(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** GET /auth/me, POST /auth/verify-email, the OIDC exchange's second step. */
export const userResponseSchema = z.object({ user: publicUserSchema });

/** POST /auth/resend-verification. */
export const verificationSentSchema = z.object({ sent: z.literal(true), email: z.string() });
/** POST /auth/forgot-password: the same words whether the address has an account or not. */
export const messageResponseSchema = z.object({ message: z.string() });
/** POST /auth/reset-password. */
export const passwordResetSchema = z.object({ reset: z.literal(true) });
/** POST /auth/restore-email: the address the account has again. */
export const emailRestoredSchema = z.object({ restored: z.literal(true), email: z.string() });
/** POST /auth/oidc/link: where the browser goes to link an external sign-in. */
export const redirectUrlSchema = z.object({ url: z.string() });

export const authResultSchema = z.object({ user: publicUserSchema, token: z.string() });
export type AuthResult = z.infer<typeof authResultSchema>;

export const myFileSchema = z.object({
  fileId: z.string(),
  /** Null for an encrypted upload whose name is sealed in encryptedMetadata. */
  originalName: z.nullable(z.string()),
  /** The sealed metadata record of an encrypted upload (opened in the browser that has its key). */
  encryptedMetadata: z.nullish(z.string()),
  size: z.number(),
  isEncrypted: z.boolean(),
  /** `scanning`: finalized, the malware scanner has not yet let it out (the link waits). */
  status: z.enum(['pending', 'scanning', 'ready']),
  createdAt: z.string(),
  expiresAt: z.string(),
  shortUrl: z.string(),
  /** Present once a moderator or the malware scanner removed the file: why, in the link's words. */
  removed: z.optional(z.object({ reason: z.enum(REMOVAL_REASONS), message: z.string() })),
});
export type MyFile = z.infer<typeof myFileSchema>;

/** GET /files/my-files: one page of the list. */
export const myFilesListSchema = z.object({
  items: z.array(myFileSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export type MyFilesList = z.infer<typeof myFilesListSchema>;

export const balanceEntrySchema = z.object({
  id: z.string(),
  amount: z.number(),
  reason: z.string(),
  createdAt: z.string(),
});
export type BalanceEntry = z.infer<typeof balanceEntrySchema>;

/** GET /auth/balance-history. */
export const balanceHistorySchema = z.object({
  entries: z.array(balanceEntrySchema),
  balance: z.number(),
});
export type BalanceHistory = z.infer<typeof balanceHistorySchema>;
