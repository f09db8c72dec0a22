import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { serverMessageOf } from '../../../lib/server-message';
import { ADMIN_TEXTS } from './admin-texts';

export const VIEW_FAILED_MESSAGE = 'This view could not be loaded. Please try again.';

/** What a view needs of its query (a plain or an infinite one). */
interface ViewQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/** A view's data once it is there; meanwhile a spinner, or the failure with a way to retry. */
export function ViewState<T>({
  query,
  children,
}: {
  query: ViewQuery<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <p className="sd-admin-loading" role="status">
        <Spinner size="sm" /> {ADMIN_TEXTS.loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="sd-form__failure sd-admin-failure" role="alert">
        <p>{serverMessageOf(query.error) ?? VIEW_FAILED_MESSAGE}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {ADMIN_TEXTS.retry}
        </Button>
      </div>
    );
  }
  return <>{children(query.data as T)}</>;
}
