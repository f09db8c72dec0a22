/**
 * The app is written against React's API and types, and runs on Preact (`preact/compat`): the
 * same hooks, portals and refs for an eighth of the script (React DOM, React and the scheduler
 * were 66 KB gzip of the home page's; Preact is 8), which a phone parses and runs before it draws
 * the home page (docs/adr/0008-preact-compat.md). The
 * build, the dev server and the web unit tests resolve React's modules, the app's and its
 * libraries' (React Router, TanStack Query, Testing Library), to these.
 */
import type { Alias } from 'vite';

export const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];
