/**
 * POST /api/solana/reward-file-download (spec §7): after a completed download, the page tells the
 * server, which credits the uploader if this visitor was really given the file (issue 15). The
 * server ignores the wallets in the body; the spec's client sends them, null when unknown.
 */
import { downloadRewardSchema } from '@sealdrop/core/api-wallet-schemas';
import { apiRequest } from '../../../lib/api-client';

/** Spec §8 "Download reward". */
export const DOWNLOAD_REWARD_FAILED = 'Failed to process download reward';

export function reportDownload(fileId: string): Promise<{ reward: number }> {
  return apiRequest('/solana/reward-file-download', {
    schema: downloadRewardSchema,
    method: 'POST',
    body: { fileId, uploaderWallet: null, downloaderWallet: null },
  });
}
