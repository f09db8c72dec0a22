/**
 * Rewards for real events only. The file must exist
 * on the server and be at least `minBytes`; the wallet is the one linked on the server; amounts
 * come from configuration. An upload pays once per finalized file, and is taken back if its
 * uploader deletes it within a day. A download pays only when the server signed a download URL
 * for this visitor, never to the uploader's own account, wallet or address, and once per (file,
 * visitor), where a visitor is both its address (IPv4, or IPv6 /64) and its account; a file and an
 * uploader earn at most a set number of download rewards a day (docs/wallet.md).
 */
import { formatSize } from '@sealdrop/core/format-size';
import type { AuthRepository, UserRow } from '../auth/auth.repository';
import type { FileDownloadsRepository } from '../files/file-downloads.repository';
import type { FilesRepository } from '../files/files.repository';
import type { LedgerRepository } from '../ledger/ledger.repository';
import type { RewardsRepository } from '../ledger/rewards.repository';
import type { WalletDeps } from './wallet.deps';
import * as errors from './wallet.errors';
import { uploadReward } from './wallet.models';

export interface RewardDeps {
  wallet: WalletDeps;
  files: FilesRepository;
  downloads: FileDownloadsRepository;
  ledger: LedgerRepository;
  rewards: RewardsRepository;
  users: Pick<AuthRepository, 'findUserById'>;
  /** Hears of each credit (metrics); optional so use-case tests need none. */
  events?: RewardEvents;
}

export interface RewardEvents {
  credited: (kind: 'upload' | 'download', amount: number) => void;
}

export interface RewardRules {
  upload: { base: number; perGiB: number };
  download: number;
  /** Download rewards paid in any 24 hours, at most (REWARD_DOWNLOAD_DAILY_PER_*). */
  downloadDailyCaps: { perFile: number; perOwner: number };
  /** Files smaller than this earn nothing (REWARD_MIN_BYTES). */
  minBytes: number;
}

export async function rewardUpload(args: {
  deps: RewardDeps;
  input: { user: UserRow; fileId: string };
  rules: RewardRules;
  now: Date;
}) {
  const { deps, rules, now } = args;
  const { user, fileId } = args.input;
  if (!deps.wallet.token) throw errors.tokenNotConfigured();
  if (!user.solana_wallet) throw errors.walletNotConnected();
  const result = await deps.rewards.creditUpload({
    fileId,
    userId: user.id,
    now: now.getTime(),
    amountFor: (size) => (size < rules.minBytes ? 0 : uploadReward(size, rules.upload)),
  });
  if (!result) throw errors.fileNotRewardable();
  const newBalance = await deps.ledger.balanceOf(user.id);
  if (result.credited) {
    deps.events?.credited('upload', result.amount);
    return {
      reward: result.amount,
      newBalance,
      message: `Earned ${result.amount} tokens for uploading!`,
    };
  }
  const message =
    result.amount === 0
      ? `Files smaller than ${formatSize(rules.minBytes)} earn no upload reward`
      : 'This upload has already been rewarded';
  return { reward: 0, newBalance, message };
}

export async function rewardDownload(args: {
  deps: RewardDeps;
  input: { downloader: UserRow | null; ipHash: string; fileId: string };
  rules: RewardRules;
  now: Date;
}) {
  const { deps, rules, now } = args;
  const { downloader, ipHash } = args.input;
  if (!deps.wallet.token) throw errors.tokenNotConfigured();
  const file = await deps.files.findReadable(args.input.fileId, now.getTime());
  if (!file) throw errors.fileNotRewardable();
  const none = { reward: 0 };
  if (rules.download <= 0 || file.size < rules.minBytes || !file.owner_id) return none;
  const owner = await deps.users.findUserById(file.owner_id);
  if (!owner?.solana_wallet) return none;
  const isUploader =
    downloader?.id === owner.id ||
    downloader?.solana_wallet === owner.solana_wallet ||
    ipHash === file.uploader_ip_hash;
  if (isUploader) return none;
  const granted = await deps.downloads.wasGranted({
    fileId: file.id,
    ipHash,
    userId: downloader?.id ?? null,
  });
  if (!granted) return none;
  const credited = await deps.rewards.creditDownload({
    fileId: file.id,
    ownerId: owner.id,
    visitorKeys: [`ip:${ipHash}`, ...(downloader ? [`user:${downloader.id}`] : [])],
    amount: rules.download,
    now: now.getTime(),
    dailyCaps: rules.downloadDailyCaps,
  });
  if (credited) deps.events?.credited('download', rules.download);
  return { reward: credited ? rules.download : 0 };
}
