import { useEffect } from 'react';
import { brand } from '../../config/brand';

/** Sets the tab title to "{title} · Sealdrop" while the calling page is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${brand.name}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
