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
import { ShortLinkPage } from '../features/short-link/components/short-link-page';
import { SessionAuthCallbackPage } from './session-auth-callback-page';
import { SessionHomePage } from './session-home-page';
import { SessionLayout } from './session-layout';

/** Routes of spec §2. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <SessionLayout />,
      children: [
        { path: '/', element: <SessionHomePage /> },
        { path: '/mission', element: <MissionPage /> },
        { path: '/about', element: <AboutPage /> },
        // Without an id or a code, the pages say the link is invalid (spec §8), not 404.
        { path: '/download/:fileId?', element: <DownloadPage /> },
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
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
