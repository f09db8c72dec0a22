import { lazy, Suspense } from 'react';
import type { AuthDialogSlotProps } from '../../../components/layout/layout.types';
import type { AuthDialogProps } from './auth-dialog';

// The forms come in a script of their own when the dialog first opens: most visits never log in.
const AuthDialogScript = lazy(() =>
  import('./auth-dialog').then((module) => ({ default: module.AuthDialog })),
);

/** The login/register dialog, rendered (and its script fetched) only while it is open. */
export function LazyAuthDialog(props: AuthDialogProps) {
  if (props.mode === null) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogScript {...props} />
    </Suspense>
  );
}

/** What src/app hands to the account pages' `renderAuthDialog`, so wiring it in is one line. */
export function renderAuthDialog(props: AuthDialogSlotProps) {
  return <LazyAuthDialog {...props} />;
}
