import { NavLink } from 'react-router';
import '../ui/pill-link.css';
import './page-header.css';

export interface PageTab {
  to: string;
  label: string;
}

/**
 * A page's heading and a sub-navigation between its sibling pages. `end`: a tab is current only
 * on its own path, not on the paths below it.
 */
export function PageHeader({
  title,
  navLabel,
  tabs,
  end = false,
}: {
  title: string;
  navLabel: string;
  tabs: readonly PageTab[];
  end?: boolean;
}) {
  return (
    <header className="sd-page-header">
      <h1>{title}</h1>
      <nav aria-label={navLabel}>
        <ul className="sd-page-header__tabs">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} end={end} className="sd-pill-link">
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
