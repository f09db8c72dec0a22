import type { AuthDialogSlotProps } from '../../../components/layout/layout.types';
import { AuthDialog } from './auth-dialog';

/** What src/app hands to the account pages' `renderAuthDialog`, so wiring it in is one line. */
export function renderAuthDialog(props: AuthDialogSlotProps) {
  return <AuthDialog {...props} />;
}
