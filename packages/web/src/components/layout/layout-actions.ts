/**
 * What the layout lets the page and the controls it hosts ask of it, without knowing them: for
 * now, opening its login / sign-up dialog (the wallet picker asks a guest to log in with it).
 */
import { createContext, useContext } from 'react';
import type { AuthMode } from './layout.types';

export interface LayoutActions {
  openAuth: (mode: AuthMode) => void;
}

export const LayoutActionsContext = createContext<LayoutActions | null>(null);

/** Opens the layout's auth dialog; null outside the layout (a control rendered on its own). */
export function useOpenAuth(): LayoutActions['openAuth'] | null {
  return useContext(LayoutActionsContext)?.openAuth ?? null;
}
