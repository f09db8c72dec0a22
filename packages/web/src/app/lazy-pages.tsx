/**
 * Every page but home, each loaded with `import()` when first opened, so that the first visit to
 * the home page loads the upload code only (docs/performance.md, "First visit"; a size budget test
 * holds it). Each loader returns what React Router's `lazy` route takes: the page's element.
 */
import type { AppRoute } from '@sealdrop/core/app-routes';
import type { ReactNode } from 'react';
import { renderAuthDialog } from '../features/auth/components/render-auth-dialog';

type PageLoader = () => Promise<{ element: ReactNode }>;

const page =
  (load: () => Promise<ReactNode>): PageLoader =>
  async () => ({ element: await load() });

export const lazyPages = {
  mission: page(async () => {
    const { MissionPage } = await import('../features/marketing/components/mission-page');
    return <MissionPage />;
  }),
  about: page(async () => {
    const { AboutPage } = await import('../features/marketing/components/about-page');
    return <AboutPage />;
  }),
  download: page(async () => {
    const [{ DownloadPage }, { renderReportLink }] = await Promise.all([
      import('../features/download/components/download-page'),
      import('../features/report/components/report-link'),
    ]);
    return <DownloadPage renderReportLink={renderReportLink} />;
  }),
  shortLink: page(async () => {
    // A short link becomes the download page once its code is resolved: that page's scripts are
    // fetched meanwhile (and named with the short link's page, build/page-scripts.ts).
    void import('../features/download/components/download-page');
    void import('../features/report/components/report-link');
    const { ShortLinkPage } = await import('../features/short-link/components/short-link-page');
    return <ShortLinkPage />;
  }),
  authCallback: page(async () => {
    const { SessionAuthCallbackPage } = await import('./session-auth-callback-page');
    return <SessionAuthCallbackPage />;
  }),
  verifyEmail: page(async () => {
    const { VerifyEmailPage } = await import('../features/auth/components/verify-email-page');
    return <VerifyEmailPage />;
  }),
  resetPassword: page(async () => {
    const { ResetPasswordPage } = await import('../features/auth/components/reset-password-page');
    return <ResetPasswordPage />;
  }),
  restoreEmail: page(async () => {
    const { RestoreEmailPage } = await import('../features/auth/components/restore-email-page');
    return <RestoreEmailPage />;
  }),
  myFiles: page(async () => {
    const { MyFilesPage } = await import('../features/account/components/my-files-page');
    return <MyFilesPage renderAuthDialog={renderAuthDialog} />;
  }),
  balance: page(async () => {
    const { BalancePage } = await import('../features/account/components/balance-page');
    return <BalancePage renderAuthDialog={renderAuthDialog} />;
  }),
  settings: page(async () => {
    const { SettingsPage } = await import('../features/account/components/settings-page');
    return <SettingsPage renderAuthDialog={renderAuthDialog} />;
  }),
  terms: page(async () => {
    const { default: TermsRoute } = await import('./terms-route');
    return <TermsRoute />;
  }),
  // Every view of the moderation console; the page shows not-found to everyone else.
  admin: page(async () => {
    const { default: AdminRoute } = await import('./admin-route');
    return <AdminRoute />;
  }),
} satisfies Record<Exclude<AppRoute, 'home'>, PageLoader>;
