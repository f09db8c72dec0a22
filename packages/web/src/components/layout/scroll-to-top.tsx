import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** A new page starts at its top; back/forward (POP) leaves the browser's own restoration alone. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
