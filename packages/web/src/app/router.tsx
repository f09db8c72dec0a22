import { createBrowserRouter } from 'react-router';
import { AuthCallbackPage } from '../features/auth-callback/components/auth-callback-page';
import { DownloadPage } from '../features/download/components/download-page';
import { RootLayout } from '../features/layout/components/root-layout';
import { AboutPage } from '../features/marketing/components/about-page';
import { MissionPage } from '../features/marketing/components/mission-page';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { ShortLinkPage } from '../features/short-link/components/short-link-page';
import { HomePage } from '../features/upload/components/home-page';

/** Routes of spec §2. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      children: [
        { path: '/', element: <HomePage /> },
        { path: '/mission', element: <MissionPage /> },
        { path: '/about', element: <AboutPage /> },
        { path: '/download/:fileId', element: <DownloadPage /> },
        { path: '/s/:shortCode', element: <ShortLinkPage /> },
        { path: '/auth/callback', element: <AuthCallbackPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
