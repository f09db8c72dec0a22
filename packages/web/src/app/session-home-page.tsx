import { useState } from 'react';
import { Toast } from '../components/ui/toast';
import {
  claimUploadReward,
  UPLOAD_REWARD_FAILED,
  uploadRewardEarned,
} from '../features/upload/api/upload-reward';
import { HomePage } from '../features/upload/components/home-page';
import type { FinishedUpload } from '../features/upload/hooks/use-upload-flow';
import { useRewardsEnabled } from '../lib/rewards-enabled';
import { useSession } from '../lib/session/session-context';

type RewardNotice = { tone: 'success' | 'info' | 'error'; message: string };

/**
 * Home with the signed-in user's premium status (account tier or linked wallet). A
 * signed-in user with a linked wallet claims the upload reward once each upload is ready, where
 * the server pays rewards (a token is configured): the toast tells the uploader what was earned;
 * a failure is logged, tells the uploader, and leaves the upload alone.
 */
export function SessionHomePage() {
  const { user, reloadUser } = useSession();
  const rewards = useRewardsEnabled();
  const [notice, setNotice] = useState<RewardNotice | null>(null);

  const onUploaded =
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
    <>
      <HomePage isPremium={user?.isPremium ?? false} onUploaded={onUploaded} />
      <Toast
        open={notice !== null}
        message={notice?.message}
        tone={notice?.tone}
        duration={4000}
        onClose={() => setNotice(null)}
      />
    </>
  );
}
