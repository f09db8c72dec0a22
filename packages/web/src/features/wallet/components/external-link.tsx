import type { ReactNode } from 'react';

/** A link to another site, opened in a new tab without an opener or a Referer. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className="sd-wallet__link" href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
