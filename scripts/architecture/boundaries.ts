/**
 * Which imports the architecture forbids (docs/architecture.md, "Boundaries"), as rules over
 * resolved repository paths: however many `../` an import string has, the file it reaches is what
 * is judged.
 */
import type { ImportEdge } from './import-graph';

export interface Boundary {
  name: string;
  /** Why, in words a reader of the failure understands. */
  reason: string;
  /** The import is forbidden when this says so. */
  forbids: (from: string, to: string) => boolean;
}

const webArea = (path: string) => /^packages\/web\/src\/([^/]+)\//.exec(path)?.[1];
const webFeature = (path: string) => /^packages\/web\/src\/features\/([^/]+)\//.exec(path)?.[1];
const serverModule = (path: string) => /^packages\/server\/src\/modules\/([^/]+)\//.exec(path)?.[1];
const packageOf = (path: string) => /^packages\/([^/]+)\//.exec(path)?.[1];

/**
 * Tests and what only tests run: test files, test helpers and fixtures, the fault-injection suite
 * and the database-upgrade checks.
 */
export function isTestCode(path: string): boolean {
  return (
    /\.test\.tsx?$/.test(path) ||
    /(^|\/)(testing|test|faults|upgrades)\//.test(path) ||
    /\.test-[a-z-]+\.tsx?$/.test(path) ||
    path.startsWith('e2e/')
  );
}

export const BOUNDARIES: readonly Boundary[] = [
  {
    name: 'web features do not import each other',
    reason:
      'what two features need goes to src/lib or src/components; what puts features together goes to src/app',
    forbids: (from, to) => {
      const mine = webFeature(from);
      const theirs = webFeature(to);
      return mine !== undefined && theirs !== undefined && mine !== theirs;
    },
  },
  {
    name: 'web features do not import the app',
    reason:
      'src/app composes the features; a feature gets what it needs passed in (a slot, a callback)',
    forbids: (from, to) => webFeature(from) !== undefined && webArea(to) === 'app',
  },
  {
    name: 'shared web code knows no feature and no composition',
    reason:
      'src/components, src/lib and src/testing are used by every feature: pass what they need in',
    forbids: (from, to) =>
      ['components', 'lib', 'testing'].includes(webArea(from) ?? '') &&
      (webArea(to) === 'features' || webArea(to) === 'app'),
  },
  {
    name: 'server shared code knows no module',
    reason: 'src/shared is used by every module; what needs a module belongs in that module',
    forbids: (from, to) =>
      from.startsWith('packages/server/src/shared/') &&
      !isTestCode(from) &&
      serverModule(to) !== undefined,
  },
  {
    name: "a server module does not import another module's routes",
    reason: 'routes are registered in src/app.ts only; share the use case, not the plugin',
    forbids: (from, to) => {
      const mine = serverModule(from);
      const theirs = serverModule(to);
      return (
        mine !== undefined && theirs !== undefined && mine !== theirs && /\.routes\.ts$/.test(to)
      );
    },
  },
  {
    name: 'server modules do not import the process set-up',
    reason:
      'app.ts, main.ts and wiring.ts build the server from the modules; a module gets its dependencies passed in',
    forbids: (from, to) =>
      serverModule(from) !== undefined &&
      !isTestCode(from) &&
      /^packages\/server\/src\/(app|main|wiring)\.ts$/.test(to),
  },
  {
    name: 'core is pure and imports no other package',
    reason: 'server, web and cli import core; core imports none of them',
    forbids: (from, to) => packageOf(from) === 'core' && packageOf(to) !== 'core',
  },
  {
    name: "packages import only core's sources",
    reason: 'server, web and cli share code through core (tests may borrow test helpers)',
    forbids: (from, to) => {
      const mine = packageOf(from);
      const theirs = packageOf(to);
      return (
        !isTestCode(from) &&
        mine !== undefined &&
        theirs !== undefined &&
        mine !== theirs &&
        theirs !== 'core'
      );
    },
  },
  {
    name: 'shipped code imports no test code',
    reason: 'test helpers and fixtures stay out of what the server, the page and the CLI run',
    forbids: (from, to) => packageOf(from) !== undefined && !isTestCode(from) && isTestCode(to),
  },
];

export interface Violation {
  rule: string;
  reason: string;
  edge: ImportEdge;
}

export function findViolations(
  edges: readonly ImportEdge[],
  boundaries: readonly Boundary[] = BOUNDARIES,
): Violation[] {
  return edges.flatMap((edge) =>
    boundaries
      .filter((rule) => rule.forbids(edge.from, edge.to))
      .map((rule) => ({ rule: rule.name, reason: rule.reason, edge })),
  );
}

export function describeViolation({ rule, reason, edge }: Violation): string {
  return `${edge.from} imports ${edge.to} ('${edge.specifier}'): ${rule} (${reason})`;
}
