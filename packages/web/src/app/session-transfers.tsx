import { type ReactNode, useState } from 'react';
import { Toast } from '../components/ui/toast';
import {
  claimUploadReward,
  UPLOAD_REWARD_FAILED,
  uploadRewardEarned,
} from '../features/upload/api/upload-reward';
import type { FinishedUpload } from '../features/upload/hooks/use-upload-flow';
import { TransfersProvider } from '../features/upload/transfers/transfers-provider';
import { useRewardsEnabled } from '../lib/rewards-enabled';
import { useSession } from '../lib/session/session-context';

type RewardNotice = { tone: 'success' | 'info' | 'error'; message: string };

/**
 * The app's uploads, above the routes, with the signed-in user's upload reward: a user with a
 * linked wallet claims it once each upload is ready, whichever page is open then, where the server
 * pays rewards (a token is configured). The toast tells the uploader what was earned; a failure
 * is logged, tells the uploader, and leaves the upload alone.
 */
export function SessionTransfers({ children }: { children: ReactNode }) {
  const { user, reloadUser } = useSession();
  const rewards = useRewardsEnabled();
  const [notice, setNotice] = useState<RewardNotice | null>(null);

  const onReady =
    rewards && user?.solanaWallet
      ? (upload: FinishedUpload) => {
          const walletAddress = user.solanaWallet ?? '';
          claimUploadReward({ fileId: upload.fileId, fileSize: upload.size, walletAddress }).then(
            (result) => {
              if (result.reward > 0) {
                setNotice({ tone: 'success', message: uploadRewardEarned(result.reward) });
                void reloadUser();
              } else if (result.message) {
                setNotice({ tone: 'info', message: result.message });
              }
            },
            (error: unknown) => {
              console.warn('The upload reward was not claimed', error);
              setNotice({ tone: 'error', message: UPLOAD_REWARD_FAILED });
            },
          );
        }
      : undefined;

  return (
    <TransfersProvider onReady={onReady}>
      {children}
      <Toast
        open={notice !== null}
        message={notice?.message}
        tone={notice?.tone}
        duration={4000}
        onClose={() => setNotice(null)}
      />
    </TransfersProvider>
  );
}
