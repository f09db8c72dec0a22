/**
 * POST /api/solana/reward-file-upload: after a signed-in user with a linked
 * wallet finishes an upload. The server pays on the size it stored, once per file, and answers
 * `reward: 0` with a reason when nothing is due (already paid, file too small).
 */
import { type UploadReward, uploadRewardSchema } from '@sealdrop/core/api-wallet-schemas';
import { apiRequest } from '../../../lib/api-client';

/** The upload reward's fixed failure and success messages. */
export const UPLOAD_REWARD_FAILED = 'Failed to process upload reward';
export const uploadRewardEarned = (tokens: number) => `Earned ${tokens} tokens for uploading!`;

export function claimUploadReward(input: {
  fileId: string;
  fileSize: number;
  walletAddress: string;
}): Promise<UploadReward> {
  return apiRequest('/solana/reward-file-upload', {
    schema: uploadRewardSchema,
    method: 'POST',
    body: input,
  });
}
