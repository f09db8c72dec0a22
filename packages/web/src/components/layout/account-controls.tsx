import { Button } from '../ui/button';
import type { AuthMode, LayoutAccount } from './layout.types';
import { NavLinkList } from './nav-links';

interface AccountControlsProps {
  account: LayoutAccount | null;
  onOpenAuth: (mode: AuthMode) => void;
}

/** Top bar: Log In / Sign Up for a guest, or the avatar letter (a click logs out) when signed in. */
export function AccountControls({ account, onOpenAuth }: AccountControlsProps) {
  if (account) {
    const letter = account.email.trim().charAt(0).toUpperCase() || '?';
    return (
      <>
        {account.links?.length ? (
          <nav aria-label="Account" className="sd-account-links">
            <NavLinkList links={account.links} />
          </nav>
        ) : null}
        <button
          type="button"
          className="sd-avatar"
          onClick={account.onLogout}
          title={`Signed in as ${account.email}. Click to log out.`}
          aria-label={`Log out ${account.email}`}
        >
          {letter}
        </button>
      </>
    );
  }
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => onOpenAuth('login')}>
        Log In
      </Button>
      <Button size="sm" onClick={() => onOpenAuth('register')}>
        Sign Up
      </Button>
    </>
  );
}
