/**
 * Rewards for real events only (DESIGN §1): the file must exist on the server, the wallet is the one
 * linked on the server, amounts come from configuration. The ledger's UNIQUE(reason, reference)
 * makes every credit once-only, also for concurrent requests.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { AuthRepository, UserRow } from '../auth/auth.repository';
import type { FilesRepository } from '../files/files.repository';
import type { LedgerRepository } from '../ledger/ledger.repository';
import type { WalletDeps } from './wallet.deps';
import * as errors from './wallet.errors';
import { uploadReward } from './wallet.models';

export interface RewardDeps {
  wallet: WalletDeps;
  files: FilesRepository;
  ledger: LedgerRepository;
  users: Pick<AuthRepository, 'findUserById'>;
}

export async function rewardUpload(args: {
  deps: RewardDeps;
  user: UserRow;
  fileId: string;
  rule: { base: number; perGiB: number };
  now: Date;
}) {
  const { deps, user, now } = args;
  if (!deps.wallet.token) throw errors.tokenNotConfigured();
  if (!user.solana_wallet) throw errors.walletNotConnected();
  const file = await deps.files.findById(args.fileId);
  const finalized = file?.status === 'ready' && file.expires_at > now.getTime();
  if (!file || !finalized || file.owner_id !== user.id) throw errors.fileNotRewardable();

  const amount = uploadReward(file.size, args.rule);
  const credited =
    amount > 0 &&
    (await deps.ledger.credit({
      id: randomUUID(),
      userId: user.id,
      amount,
      reason: 'upload_reward',
      reference: file.id,
      createdAt: now.getTime(),
    }));
  const newBalance = await deps.ledger.balanceOf(user.id);
  return credited
    ? { reward: amount, newBalance, message: `Earned ${amount} tokens for uploading!` }
    : { reward: 0, newBalance, message: 'This upload has already been rewarded' };
}

/**
 * Credits the file's owner once per downloader: the signed-in account, or else a hash of the
 * client's IP (the raw address is not stored). Owners downloading their own files earn nothing.
 */
export async function rewardDownload(args: {
  deps: RewardDeps;
  downloader: UserRow | null;
  clientIp: string;
  fileId: string;
  amount: number;
  now: Date;
}) {
  const { deps, downloader, now } = args;
  if (!deps.wallet.token) throw errors.tokenNotConfigured();
  const file = await deps.files.findReadable(args.fileId, now.getTime());
  if (!file) throw errors.fileNotRewardable();
  const owner = file.owner_id ? await deps.users.findUserById(file.owner_id) : undefined;
  if (!owner?.solana_wallet || downloader?.id === owner.id || args.amount <= 0) {
    return { reward: 0 };
  }
  const identity = downloader
    ? `user:${downloader.id}`
    : `ip:${createHash('sha256').update(args.clientIp).digest('base64url').slice(0, 32)}`;
  const credited = await deps.ledger.credit({
    id: randomUUID(),
    userId: owner.id,
    amount: args.amount,
    reason: 'download_reward',
    reference: `${file.id}:${identity}`,
    createdAt: now.getTime(),
  });
  return { reward: credited ? args.amount : 0 };
}
