import { Button } from '../ui/button';
import { AccountMenu } from './account-menu';
import type { AuthMode, LayoutAccount } from './layout.types';
import { NavLinkList } from './nav-links';

interface AccountControlsProps {
  account: LayoutAccount | null;
  onOpenAuth: (mode: AuthMode) => void;
}

/** Top bar: Log In / Sign Up for a guest, or the avatar letter and its menu when signed in. */
export function AccountControls({ account, onOpenAuth }: AccountControlsProps) {
  if (account) {
    return (
      <>
        {account.links?.length ? (
          <nav aria-label="Account" className="sd-account-links">
            <NavLinkList links={account.links} />
          </nav>
        ) : null}
        <AccountMenu account={account} />
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
