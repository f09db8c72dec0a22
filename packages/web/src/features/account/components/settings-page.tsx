import { Button } from '../../../components/ui/button';
import { useSession } from '../../auth/session/session-context';
import { AccountGate } from './account-gate';
import { AccountPage } from './account-page';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { LinkProvider } from './link-provider';
import './settings.css';

/**
 * /account/settings — email, password, external sign-in and sign out (spec §1 account features). The field and
 * strength-meter styles come with the auth forms, which AccountGate already loads.
 */
export function SettingsPage() {
  const { logout } = useSession();
  return (
    <AccountPage title="Account settings">
      <AccountGate subject="your settings">
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
