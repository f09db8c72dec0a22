/** Request shapes of /api/solana/*. Unknown fields are ignored; the server never trusts amounts. */
import { z } from 'zod';

const walletAddress = z
  .string()
  .trim()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 Solana address');
const fileId = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z_-]{1,64}$/, 'must be a file id');

export const nonceQuerySchema = z.object({ walletAddress });

export const connectSchema = z.object({
  walletAddress,
  // base58, 64 bytes once decoded; null is what an unsigned legacy client sends, and is refused.
  signature: z.string().min(1, 'is required').max(128, 'must be a base58 ed25519 signature'),
  message: z.string().min(1, 'is required').max(2000, 'must be at most 2000 characters'),
});

export const rewardUploadSchema = z.object({
  fileId,
  // Accepted for compatibility with older clients; the linked wallet and stored size rule.
  walletAddress: z.string().max(64).nullish(),
  fileSize: z.unknown().optional(),
});

export const rewardDownloadSchema = z.object({
  fileId,
  uploaderWallet: z.string().max(64).nullish(),
  downloaderWallet: z.string().max(64).nullish(),
});
