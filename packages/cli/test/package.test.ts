/**
 * `npm install -g` works from the packed package alone: it carries the bundle (core, commander,
 * cli-progress and zod inside) and needs nothing from a registry.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/cli';

const work = tempDir('sealdrop-cli-pack-');
afterAll(() => rmSync(work, { recursive: true, force: true }));

it('packs and installs globally offline, and the installed command runs', () => {
  const npm = (args: string[]) =>
    execFileSync('npm', args, { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  npm(['pack', join(import.meta.dirname, '..'), '--silent']);
  const [tarball] = readdirSync(work).filter((name) => name.endsWith('.tgz'));
  npm([
    'install',
    '-g',
    '--prefix',
    join(work, 'global'),
    '--offline',
    '--no-audit',
    '--no-fund',
    `./${tarball}`,
  ]);
  const version = execFileSync(join(work, 'global', 'bin', 'sealdrop'), ['--version'], {
    encoding: 'utf8',
  });
  expect(version.trim()).toBe('0.1.0');
});
