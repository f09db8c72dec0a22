import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import type { AuthMode, LayoutAccount } from './layout.types';
import { NavLinkList, NavLinks } from './nav-links';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  account: LayoutAccount | null;
  wallet: ReactNode;
  onOpenAuth: (mode: AuthMode) => void;
}

/**
 * The slide-in menu below 768 px: the same links, the wallet control and the account actions,
 * with the account pages the avatar menu offers on a wide screen (My files, Settings).
 */
export function MobileMenu({ open, onClose, account, wallet, onOpenAuth }: MobileMenuProps) {
  const accountLinks = account?.menuLinks ?? account?.links;
  return (
    <Modal open={open} onClose={onClose} title="Menu" placement="side" closeLabel="Close menu">
      <nav aria-label="Mobile" className="sd-mobile-menu">
        <NavLinks onNavigate={onClose} />
      </nav>
      <div className="sd-mobile-menu__section">{wallet}</div>
      <div className="sd-mobile-menu__section">
        {account ? (
          <>
            {accountLinks?.length ? (
              <nav aria-label="Account" className="sd-mobile-menu">
                <NavLinkList links={accountLinks} onNavigate={onClose} />
              </nav>
            ) : null}
            <p className="sd-mobile-menu__email">{account.email}</p>
            <Button
              variant="secondary"
              block
              onClick={() => {
                onClose();
                account.onLogout();
              }}
            >
              Logout
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" block onClick={() => onOpenAuth('login')}>
              Log In
            </Button>
            <Button block onClick={() => onOpenAuth('register')}>
              Sign Up
            </Button>
          </>
        )}
      </div>
    </Modal>
  );
}
