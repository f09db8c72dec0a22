import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { brand } from '../../config/brand';
import { Button } from '../ui/button';
import { LogoMark, MenuIcon } from '../ui/icons';
import { AccountControls } from './account-controls';
import type { AuthMode, LayoutAccount } from './layout.types';
import { NavLinks } from './nav-links';
import { useScrolled } from './use-scrolled';
import './top-bar.css';

interface TopBarProps {
  account: LayoutAccount | null;
  wallet: ReactNode;
  /** The running uploads' progress; stays on phones, where the actions fold into the menu. */
  transfer?: ReactNode;
  menuOpen: boolean;
  onOpenMenu: () => void;
  onOpenAuth: (mode: AuthMode) => void;
}

/** The fixed bar on every page; gains the `scrolled` class once the page scrolls past 50 px. */
export function TopBar({
  account,
  wallet,
  transfer,
  menuOpen,
  onOpenMenu,
  onOpenAuth,
}: TopBarProps) {
  const scrolled = useScrolled();
  return (
    <header className={scrolled ? 'sd-topbar scrolled' : 'sd-topbar'} data-scrolled={scrolled}>
      <div className="sd-container sd-topbar__inner">
        <div className="sd-brand">
          <Link to="/" className="sd-brand__logo" aria-label={`${brand.name} home`}>
            <LogoMark />
            <span className="sd-brand__name" aria-hidden="true">
              {brand.name}
            </span>
          </Link>
          <span className="sd-brand__tagline">{brand.tagline}</span>
        </div>
        <nav aria-label="Main" className="sd-topbar__nav">
          <NavLinks />
        </nav>
        {transfer}
        <div className="sd-topbar__actions">
          {wallet}
          <AccountControls account={account} onOpenAuth={onOpenAuth} />
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="sd-topbar__menu-button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={onOpenMenu}
        >
          <MenuIcon size={22} />
        </Button>
      </div>
    </header>
  );
}
