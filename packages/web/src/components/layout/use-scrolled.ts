import { useCallback, useSyncExternalStore } from 'react';

/** The top bar counts as "scrolled" past 50 px. */
export const SCROLLED_AFTER_PX = 50;

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** True while the window is scrolled further than `threshold` pixels. */
export function useScrolled(threshold = SCROLLED_AFTER_PX): boolean {
  const getSnapshot = useCallback(() => window.scrollY > threshold, [threshold]);
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
