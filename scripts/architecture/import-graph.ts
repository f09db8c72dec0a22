/**
 * The repository's import graph as the compilers see it: every import, export-from, dynamic import
 * and `import type` of the TypeScript sources, resolved to the file it names. Lint rules match
 * import strings, which a longer relative path escapes; the boundary and cycle tests work on the
 * resolved paths instead (docs/architecture.md, "Boundaries").
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.tsbuild', 'data', '.e2e-artifacts']);
const WORKSPACE_PACKAGES: Record<string, string> = { '@sealdrop/core/': 'packages/core/src/' };

/** Repository-relative paths (with `/`) of every TypeScript source under `dirs`. */
export function listSources(dirs: readonly string[], root = REPO_ROOT): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (SKIPPED_DIRS.has(name)) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) found.push(toRepoPath(path, root));
    }
  };
  for (const dir of dirs) if (existsSync(join(root, dir))) walk(join(root, dir));
  return found.sort();
}

function toRepoPath(path: string, root: string): string {
  return relative(root, path).split(sep).join('/');
}

/** The specifiers a source names, in the order written (types and dynamic imports included). */
export function importSpecifiers(text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((file) => file.fileName);
}

/**
 * The repository file a specifier names, or null for a package outside the repository (or a
 * relative path that names nothing, which the compiler reports on its own).
 */
export function resolveImport(from: string, specifier: string, root = REPO_ROOT): string | null {
  const bare = specifier.replace(/\?.*$/, '');
  let base: string | null = null;
  if (bare.startsWith('.')) base = join(dirname(join(root, from)), bare);
  for (const [prefix, dir] of Object.entries(WORKSPACE_PACKAGES))
    if (bare.startsWith(prefix)) base = join(root, dir, bare.slice(prefix.length));
  if (base === null) return null;
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  const hit = candidates.find((path) => existsSync(path) && statSync(path).isFile());
  return hit ? toRepoPath(hit, root) : null;
}

export interface ImportEdge {
  from: string;
  to: string;
  specifier: string;
}

/** Every import between repository files among `files`. */
export function importEdges(files: readonly string[], root = REPO_ROOT): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const text = readFileSync(join(root, from), 'utf8');
    for (const specifier of importSpecifiers(text)) {
      const to = resolveImport(from, specifier, root);
      if (to !== null) edges.push({ from, to, specifier });
    }
  }
  return edges;
}

/**
 * The import circles: each strongly connected group of two or more files (or a file importing
 * itself), its members sorted, the groups sorted. Tarjan's algorithm, iterative so a deep graph
 * cannot overflow the stack.
 */
export function findCycles(edges: readonly Pick<ImportEdge, 'from' | 'to'>[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; child: number }[] = [{ node: start, child: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const children = next.get(frame.node)!;
      if (frame.child < children.length) {
        const child = children[frame.child++]!;
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== frame.node);
      const selfLoop = children.includes(frame.node);
      if (group.length > 1 || selfLoop) groups.push(group.sort());
    }
  }
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
