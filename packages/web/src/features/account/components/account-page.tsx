import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { RenderAuthDialog } from '../../../components/layout/layout.types';
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
      <header className="sd-account__header">
        <h1>{title}</h1>
        <nav aria-label="Account pages">
          <ul className="sd-account__tabs">
            {TABS.map((tab) => (
              <li key={tab.to}>
                <NavLink to={tab.to} className="sd-account__tab">
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {children}
    </main>
  );
}
