import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { AlertIcon } from '../../../components/ui/icons';
import { MessagePanel } from '../../../components/ui/message-panel';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminAccess } from '../hooks/use-admin-access';
import { AdminConsole, adminViewOf } from './admin-console';
import { ADMIN_TEXTS } from './admin-texts';

/**
 * /admin/:view?: the console for a verified admin; for everyone else exactly the page an unknown
 * path shows (`notFound`, from src/app), since the server answers them as if nothing were here.
 */
export function AdminPage({ notFound }: { notFound: ReactNode }) {
  const { view: segment } = useParams();
  const view = adminViewOf(segment);
  const access = useAdminAccess();
  if (access.state === 'checking') {
    return (
      <main>
        <MessagePanel icon={<Spinner size="lg" />}>
          <p role="status">{ADMIN_TEXTS.checking}</p>
        </MessagePanel>
      </main>
    );
  }
  if (access.state === 'denied' || view === null) return notFound;
  if (access.state === 'failed') {
    return (
      <main>
        <MessagePanel icon={<AlertIcon size={28} />} tone="error">
          <p role="alert">{access.message}</p>
          <Button onClick={access.retry}>{ADMIN_TEXTS.retry}</Button>
        </MessagePanel>
      </main>
    );
  }
  return <AdminConsole view={view} />;
}
