import { NavLink } from 'react-router';
import '../ui/pill-link.css';

export const NAV_ITEMS = [
  { to: '/', label: 'Home', end: true },
  { to: '/mission', label: 'Mission', end: false },
  { to: '/about', label: 'About', end: false },
] as const;

/** The main links as list items; NavLink marks the current one with aria-current="page". */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return <NavLinkList links={NAV_ITEMS} onNavigate={onNavigate} />;
}

/** Any list of links styled like the main ones (the account links reuse it). */
export function NavLinkList({
  links,
  onNavigate,
}: {
  links: ReadonlyArray<{ to: string; label: string; end?: boolean }>;
  onNavigate?: () => void;
}) {
  return (
    <ul className="sd-nav">
      {links.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end ?? false}
            onClick={onNavigate}
            className={({ isActive }) =>
              isActive ? 'sd-pill-link sd-nav__link active' : 'sd-pill-link sd-nav__link'
            }
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
