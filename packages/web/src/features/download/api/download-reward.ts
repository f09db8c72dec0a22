/**
 * POST /api/solana/reward-file-download: after a completed download, the page tells the
 * server, which credits the uploader if this visitor was really given the file and the uploader
 * has a wallet linked. The server ignores the wallets in the body; older clients send them,
 * null when unknown. Only asked where a token is configured; a failure is logged, never shown:
 * the recipient has nothing to do with the uploader's reward (the fixed "Failed to process
 * download reward" is therefore never on the page).
 */
import { downloadRewardSchema } from '@sealdrop/core/api-wallet-schemas';
import { apiRequest } from '../../../lib/api-client';

export function reportDownload(fileId: string): Promise<{ reward: number }> {
  return apiRequest('/solana/reward-file-download', {
    schema: downloadRewardSchema,
    method: 'POST',
    body: { fileId, uploaderWallet: null, downloaderWallet: null },
  });
}
