import { FeedbackDialog, type FeedbackDialogProps } from './feedback-dialog';

/** What the router hands to RootLayout's `renderFeedbackDialog`, so wiring it in is one line. */
export function renderFeedbackDialog(props: FeedbackDialogProps) {
  return <FeedbackDialog {...props} />;
}
