import { Button } from '../../../components/ui/button';
import { serverMessageOf } from '../../../lib/server-message';
import { resendVerification } from '../../../lib/session/email-links';
import { FormFeedback } from './form-feedback';
import { useSettingsSave } from './use-settings-save';

export const VERIFICATION_MESSAGES = {
  verified: 'Verified',
  unverified: 'Not verified yet: open the link we emailed you.',
  pending: (email: string) =>
    `Waiting for verification: ${email}. Your email changes when you open the link we sent there.`,
  sent: (email: string) => `We sent a new verification link to ${email}.`,
  failed: 'Could not send the verification email. Please try again.',
} as const;

/**
 * Whether the account's address is proven (an unverified one counts for nothing), and
 * a way to get a fresh link, for the current address or a pending new one.
 */
export function EmailVerificationStatus({
  emailVerified,
  pendingEmail,
}: {
  emailVerified: boolean;
  pendingEmail?: string;
}) {
  const { busy, result, save } = useSettingsSave();

  const resend = () =>
    save(async () => {
      try {
        const { email } = await resendVerification();
        return { ok: true, message: VERIFICATION_MESSAGES.sent(email) };
      } catch (error) {
        return { ok: false, message: serverMessageOf(error) ?? VERIFICATION_MESSAGES.failed };
      }
    });

  return (
    <div className="sd-settings__verification">
      <p className="sd-settings__current">
        Status:{' '}
        <strong data-verified={emailVerified}>
          {emailVerified ? VERIFICATION_MESSAGES.verified : VERIFICATION_MESSAGES.unverified}
        </strong>
      </p>
      {pendingEmail ? (
        <p className="sd-settings__note">{VERIFICATION_MESSAGES.pending(pendingEmail)}</p>
      ) : null}
      {!emailVerified || pendingEmail ? (
        <div>
          <Button variant="secondary" onClick={() => void resend()} loading={busy} disabled={busy}>
            Resend verification email
          </Button>
        </div>
      ) : null}
      <FormFeedback result={result} />
    </div>
  );
}
