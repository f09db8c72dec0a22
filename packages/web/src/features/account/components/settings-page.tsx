import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session/session-context';
import { AccountGate } from './account-gate';
import { AccountPage, type AccountPageSlots } from './account-page';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { LinkProvider } from './link-provider';
import './settings.css';

/**
 * /account/settings — email, password, external sign-in and sign out. The field and
 * strength-meter styles come with their components in src/components/form.
 */
export function SettingsPage({ renderAuthDialog }: AccountPageSlots) {
  const { logout } = useSession();
  return (
    <AccountPage title="Account settings">
      <AccountGate subject="your settings" renderAuthDialog={renderAuthDialog}>
        {(user) => (
          <div className="sd-settings">
            <ChangeEmailForm
              currentEmail={user.email}
              emailVerified={user.emailVerified}
              pendingEmail={user.pendingEmail}
            />
            <ChangePasswordForm />
            <LinkProvider linked={user.oidcLinked} />
            <section className="sd-settings__section" aria-label="Sign out">
              {/* After logout the gate swaps this page for its log-in prompt. */}
              <Button variant="secondary" onClick={() => void logout()}>
                Sign out
              </Button>
            </section>
          </div>
        )}
      </AccountGate>
    </AccountPage>
  );
}
