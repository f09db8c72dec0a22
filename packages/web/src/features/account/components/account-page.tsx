import type { ReactNode } from 'react';
import type { RenderAuthDialog } from '../../../components/layout/layout.types';
import { PageHeader } from '../../../components/layout/page-header';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import './account.css';

const TABS = [
  { to: '/account/files', label: 'My files' },
  { to: '/account/balance', label: 'Balance' },
  { to: '/account/settings', label: 'Settings' },
] as const;

/** What src/app hands every account page: the dialog its log-in prompt opens. */
export interface AccountPageSlots {
  renderAuthDialog: RenderAuthDialog;
}

/** The frame of an account page: its heading and a sub-navigation between account pages. */
export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main className="sd-container sd-account">
      <PageHeader title={title} navLabel="Account pages" tabs={TABS} />
      {children}
    </main>
  );
}
