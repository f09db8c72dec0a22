import type { AuthDialogSlotProps } from '../components/layout/layout.types';

/**
 * Stands in for the auth feature's dialog where a feature test needs one (features do not import
 * each other): it says which form would be open. The real dialog is wired in src/app.
 */
export function renderAuthDialogStub({ mode }: AuthDialogSlotProps) {
  return mode ? <p>auth dialog: {mode}</p> : null;
}
