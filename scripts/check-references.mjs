// Comments and test names must explain themselves to a reader of this repository, who has neither
// the issue tracker nor the outside design notes: no "issue 17", "#21", "spec §5" or "DESIGN §3".
// A reason is written out, or points to a file in the repository (docs/…, an ADR). Run by
// `npm run lint` through check-references.test.mjs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Where comments and test names live. */
export const CHECKED_PATHS = ['packages', 'e2e', 'scripts', 'bench', 'biome.json'];
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|json|css|html|md)$/;
/** The checker and its test quote the patterns they look for. */
const OWN_FILES = new Set(['scripts/check-references.mjs', 'scripts/check-references.test.mjs']);

/** Anywhere on a line: these are never code. */
const ALWAYS = [
  /\bissues? #?\d+/i,
  /\b(?:spec|specification|DESIGN(?:\.md)?)\s*§/i,
  /\bproduct-spec\b/i,
  /\bDESIGN\.md\b/,
];
/** Only in a comment or a test name: `#333` is a colour in code, "#21" a ticket in prose. */
const IN_PROSE = [/(?:^|[\s(])#\d{1,5}\b/];
const PROSE_LINE = /^\s*(?:\/\/|\/\*|\*)|\b(?:it|test|describe)(?:\.\w+)*(?:\([^)]*\))?\(\s*['"`]/;

/** The lines of `text` that cite an issue or an outside document: `{ line, text }`, 1-based. */
export function findReferences(text) {
  const found = [];
  text.split('\n').forEach((line, index) => {
    const prose = PROSE_LINE.test(line);
    if (ALWAYS.some((re) => re.test(line)) || (prose && IN_PROSE.some((re) => re.test(line)))) {
      found.push({ line: index + 1, text: line.trim() });
    }
  });
  return found;
}

/** Tracked text files under CHECKED_PATHS, relative to `root`. */
export function checkedFiles(root) {
  const out = execFileSync('git', ['ls-files', '-z', '--', ...CHECKED_PATHS], {
    cwd: root,
    encoding: 'utf8',
  });
  return out.split('\0').filter((path) => TEXT_FILE.test(path) && !OWN_FILES.has(path));
}

/** Every citation in the tree, as "path:line: text". */
export function referencesIn(root) {
  return checkedFiles(root).flatMap((path) =>
    findReferences(readFileSync(`${root}/${path}`, 'utf8')).map(
      ({ line, text }) => `${path}:${line}: ${text}`,
    ),
  );
}
