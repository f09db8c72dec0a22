// No comment or test name cites the issue tracker or a section of a document outside the
// repository (see check-references.mjs). Run by `npm run lint`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { findReferences, referencesIn } from './check-references.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

test('finds issue numbers, tickets and outside sections in comments and test names', () => {
  const cited = [
    '// Retries four times (issue 17 item 3).',
    ' * Logs a person can read (Issue #18).',
    '/** Probes (DESIGN §6). */',
    "  it('words it as spec §5 says', () => {",
    '// the texts of product-spec.md',
    '// as #21 asked',
    "describe.each([1])('limits (#23)', () => {",
  ];
  for (const line of cited) assert.equal(findReferences(line).length, 1, line);
});

test('leaves colours, RFC sections and plain prose alone', () => {
  const clean = [
    "const border = '#333';",
    '  color: #333;',
    ' * The media-type grammar of RFC 9110 §8.3.1.',
    '// Several files in one link (docs/encryption.md, "Several files in one link").',
    "  it('refuses a file over the guest limit', () => {",
  ];
  for (const line of clean) assert.deepEqual(findReferences(line), [], line);
});

test('the tree cites no issue and no outside section', () => {
  assert.deepEqual(referencesIn(ROOT), []);
});
