import { lazy, Suspense } from 'react';
import type { FeedbackDialogProps } from './feedback-dialog';

// The form comes in a script of its own when the dialog first opens: most visits send none.
const FeedbackDialog = lazy(() =>
  import('./feedback-dialog').then((module) => ({ default: module.FeedbackDialog })),
);

/** What the router hands to RootLayout's `renderFeedbackDialog`, so wiring it in is one line. */
export function renderFeedbackDialog(props: FeedbackDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackDialog {...props} />
    </Suspense>
  );
}
