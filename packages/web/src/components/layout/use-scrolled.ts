import { useEffect, useState } from 'react';

/** The top bar counts as "scrolled" past 50 px. */
export const SCROLLED_AFTER_PX = 50;

/**
 * True while the window is scrolled further than `threshold` pixels. Read on scroll and once after
 * the page is first shown, never while it renders: reading `scrollY` while the page's elements are
 * being put in makes the browser lay out the page on the spot, before it is complete (a phone's
 * first visit spent tens of milliseconds there, docs/performance.md "First visit").
 */
export function useScrolled(threshold = SCROLLED_AFTER_PX): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
