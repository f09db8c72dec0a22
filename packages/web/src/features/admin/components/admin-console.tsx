import { useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { ADMIN_TEXTS as T } from './admin-texts';
import { AuditView } from './audit-view';
import { BlocksView } from './blocks-view';
import { FilesView } from './files-view';
import { OverviewView } from './overview-view';
import { ReportsView } from './reports-view';
import '../../../components/form/dialog-form.css';
import './admin.css';

/** The console's views, each at a path of its own under /admin (reports at /admin itself). */
export const ADMIN_VIEWS = ['reports', 'files', 'overview', 'blocks', 'audit'] as const;
export type AdminView = (typeof ADMIN_VIEWS)[number];

/** The view a path segment names (none: reports), or null for a segment that names none. */
export function adminViewOf(segment: string | undefined): AdminView | null {
  if (segment === undefined || segment === '') return 'reports';
  const view = segment.toLowerCase();
  return (ADMIN_VIEWS as readonly string[]).includes(view) ? (view as AdminView) : null;
}

const viewPath = (view: AdminView) => (view === 'reports' ? '/admin' : `/admin/${view}`);

/**
 * /admin for a verified admin (src/app checks access first): a sub-navigation between the
 * views, and one status line that says what the last action did, since the card it was taken on
 * may leave the list (a removed file's reports are closed).
 */
export function AdminConsole({ view }: { view: AdminView }) {
  useDocumentTitle(`${T.views[view]} · ${T.title}`);
  const [notice, setNotice] = useState('');
  return (
    <main className="sd-container sd-admin">
      <PageHeader
        title={T.title}
        navLabel={T.navLabel}
        tabs={ADMIN_VIEWS.map((name) => ({ to: viewPath(name), label: T.views[name] }))}
        end
      />
      <p className="sd-admin__notice" role="status">
        {notice}
      </p>
      {view === 'reports' ? <ReportsView onDone={setNotice} /> : null}
      {view === 'files' ? <FilesView onDone={setNotice} /> : null}
      {view === 'overview' ? <OverviewView /> : null}
      {view === 'blocks' ? <BlocksView onDone={setNotice} /> : null}
      {view === 'audit' ? <AuditView /> : null}
    </main>
  );
}
