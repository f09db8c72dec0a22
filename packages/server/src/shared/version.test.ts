import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { commitFromGit, UNKNOWN } from './version';

it('reads the commit from git when run from a work tree', () => {
  expect(commitFromGit()).toMatch(/^[0-9a-f]{40}$/);
});

it('says "unknown" where there is no git work tree', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sealdrop-no-git-'));
  try {
    expect(commitFromGit(dir)).toBe(UNKNOWN);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
