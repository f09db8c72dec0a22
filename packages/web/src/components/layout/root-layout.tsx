import { useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FeedbackButton } from './feedback-button';
import type { AuthMode, RootLayoutProps } from './layout.types';
import { LayoutActionsContext } from './layout-actions';
import { MobileMenu } from './mobile-menu';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';
import { TopBar } from './top-bar';
import './layout.css';

/** The frame of every page: top bar, page outlet, footer, floating feedback button, dialogs. */
export function RootLayout({
  account = null,
  walletSlot: wallet,
  transferSlot,
  renderAuthDialog,
  renderFeedbackDialog,
}: RootLayoutProps) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [authMode, setAuthMode] = useState<AuthMode | null>(null);
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  // Any navigation (a link, back/forward) closes the mobile menu.
  useEffect(() => {
    if (pathname) setMenuOpen(false);
  }, [pathname]);

  const actions = useMemo(
    () => ({
      openAuth: (mode: AuthMode) => {
        setMenuOpen(false);
        setAuthMode(mode);
      },
    }),
    [],
  );
  const openAuth = actions.openAuth;

  return (
    <LayoutActionsContext.Provider value={actions}>
      <div className="sd-shell">
        <ScrollToTop />
        <SkipLink />
        <TopBar
          account={account}
          wallet={wallet}
          transfer={pathname === '/' ? null : transferSlot}
          menuOpen={menuOpen}
          onOpenMenu={() => setMenuOpen(true)}
          onOpenAuth={openAuth}
        />
        <div className="sd-shell__content">
          <Outlet />
        </div>
        {pathname !== '/' ? <FeedbackButton onClick={() => setFeedbackOpen(true)} /> : null}
        <SiteFooter />
        <MobileMenu
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          account={account}
          wallet={wallet}
          onOpenAuth={openAuth}
        />
        {renderAuthDialog({
          mode: authMode,
          onModeChange: setAuthMode,
          onClose: () => setAuthMode(null),
        })}
        {renderFeedbackDialog({ open: feedbackOpen, onClose: () => setFeedbackOpen(false) })}
      </div>
    </LayoutActionsContext.Provider>
  );
}
