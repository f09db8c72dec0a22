import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { BalancePage } from '../features/account/components/balance-page';
import { MyFilesPage } from '../features/account/components/my-files-page';
import { SettingsPage } from '../features/account/components/settings-page';
import { renderAuthDialog } from '../features/auth/components/render-auth-dialog';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { RestoreEmailPage } from '../features/auth/components/restore-email-page';
import { VerifyEmailPage } from '../features/auth/components/verify-email-page';
import { DownloadPage } from '../features/download/components/download-page';
import { AboutPage } from '../features/marketing/components/about-page';
import { MissionPage } from '../features/marketing/components/mission-page';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { renderReportLink } from '../features/report/components/report-link';
import { ShortLinkPage } from '../features/short-link/components/short-link-page';
import { SessionAuthCallbackPage } from './session-auth-callback-page';
import { SessionHomePage } from './session-home-page';
import { SessionLayout } from './session-layout';

// Pages few visitors open, each in a script of its own fetched when first shown: the home page's
// script stays as small as it was.
const AdminRoute = lazy(() => import('./admin-route'));
const TermsRoute = lazy(() => import('./terms-route'));

/** Nothing while a page's script arrives (a moment), rather than a frame that shifts. */
const later = (page: ReactNode) => <Suspense fallback={null}>{page}</Suspense>;

/** Every page of the app. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <SessionLayout />,
      children: [
        { path: '/', element: <SessionHomePage /> },
        { path: '/mission', element: <MissionPage /> },
        { path: '/about', element: <AboutPage /> },
        // Without an id or a code, the pages say the link is invalid, not 404.
        {
          path: '/download/:fileId?',
          element: <DownloadPage renderReportLink={renderReportLink} />,
        },
        { path: '/s/:shortCode?', element: <ShortLinkPage /> },
        { path: '/auth/callback', element: <SessionAuthCallbackPage /> },
        { path: '/verify-email', element: <VerifyEmailPage /> },
        { path: '/reset-password', element: <ResetPasswordPage /> },
        { path: '/restore-email', element: <RestoreEmailPage /> },
        { path: '/account/files', element: <MyFilesPage renderAuthDialog={renderAuthDialog} /> },
        { path: '/account/balance', element: <BalancePage renderAuthDialog={renderAuthDialog} /> },
        {
          path: '/account/settings',
          element: <SettingsPage renderAuthDialog={renderAuthDialog} />,
        },
        { path: '/terms', element: later(<TermsRoute />) },
        // Every view of the moderation console; the page shows not-found to everyone else.
        { path: '/admin/:view?', element: later(<AdminRoute />) },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
