import type { ReactNode } from 'react';

interface PageHeroProps {
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
  children?: ReactNode;
}

/** Opening block of a marketing page: small label, the page's <h1>, a lead paragraph. */
export function PageHero({ eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <header className="sd-hero">
      <div className="sd-container">
        <div className="sd-hero__inner">
          <p className="sd-eyebrow">{eyebrow}</p>
          <h1 className="sd-hero__title">{title}</h1>
          <p className="sd-hero__lead">{lead}</p>
          {children}
        </div>
      </div>
    </header>
  );
}
