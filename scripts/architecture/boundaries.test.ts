import { describe, expect, it } from 'vitest';
import { BOUNDARIES, describeViolation, findViolations } from './boundaries';
import {
  findCycles,
  type ImportEdge,
  importEdges,
  importSpecifiers,
  listSources,
  resolveImport,
} from './import-graph';

const edge = (from: string, to: string): ImportEdge => ({ from, to, specifier: to });
const rulesBroken = (from: string, to: string) =>
  findViolations([edge(from, to)]).map((violation) => violation.rule);

describe('the import graph', () => {
  it('reads every kind of import a source can write, type-only and dynamic ones included', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "export { c } from './c';",
      "export * from './d';",
      "const e = await import('./e');",
      "import './f.css';",
    ].join('\n');
    expect(importSpecifiers(text)).toEqual(['./a', '../b', './c', './d', './e', './f.css']);
  });

  it('resolves a relative path however far it climbs, and core by its package name', () => {
    const from = 'packages/web/src/features/account/components/balance-page.tsx';
    expect(resolveImport(from, '../../../features/wallet/lib/base58')).toBe(
      'packages/web/src/features/wallet/lib/base58.ts',
    );
    expect(resolveImport(from, '../../../../src/features/wallet/lib/base58.js')).toBe(
      'packages/web/src/features/wallet/lib/base58.ts',
    );
    expect(resolveImport(from, '@sealdrop/core/format-size')).toBe(
      'packages/core/src/format-size.ts',
    );
    expect(resolveImport(from, 'react')).toBeNull();
  });

  it('finds every circle, of any length, and nothing in a chain', () => {
    const edges = [
      edge('a', 'b'),
      edge('b', 'c'),
      edge('c', 'a'),
      edge('c', 'd'),
      edge('x', 'x'),
      edge('p', 'q'),
    ];
    expect(findCycles(edges)).toEqual([['a', 'b', 'c'], ['x']]);
    expect(findCycles([edge('a', 'b'), edge('b', 'c')])).toEqual([]);
  });
});

describe('the boundaries', () => {
  it('refuse a feature reaching into another feature, whatever path it takes', () => {
    expect(
      rulesBroken(
        'packages/web/src/features/upload/transfer/upload-file.ts',
        'packages/web/src/features/wallet/lib/wallet-features.ts',
      ),
    ).toEqual(['web features do not import each other']);
    expect(
      rulesBroken(
        'packages/web/src/features/upload/transfer/upload-file.ts',
        'packages/web/src/features/upload/api/upload-endpoints.ts',
      ),
    ).toEqual([]);
  });

  it('refuse shared web code importing a feature or the app, and a feature importing the app', () => {
    expect(
      rulesBroken('packages/web/src/lib/api-client.ts', 'packages/web/src/features/auth/x.ts'),
    ).toEqual(['shared web code knows no feature and no composition']);
    expect(
      rulesBroken('packages/web/src/features/auth/x.ts', 'packages/web/src/app/router.tsx'),
    ).toEqual(['web features do not import the app']);
  });

  it("refuse server shared code importing a module, and a module importing another's routes", () => {
    expect(
      rulesBroken('packages/server/src/shared/links.ts', 'packages/server/src/modules/files/x.ts'),
    ).toEqual(['server shared code knows no module']);
    expect(
      rulesBroken(
        'packages/server/src/modules/files/files.usecases.ts',
        'packages/server/src/modules/uploads/uploads.routes.ts',
      ),
    ).toEqual(["a server module does not import another module's routes"]);
  });

  it('keep core pure and test helpers out of shipped code, but let tests borrow them', () => {
    expect(
      rulesBroken('packages/core/src/limits.ts', 'packages/server/src/config/config.ts'),
    ).toContain('core is pure and imports no other package');
    expect(
      rulesBroken('packages/server/src/app.ts', 'packages/server/src/testing/test-server.ts'),
    ).toEqual(['shipped code imports no test code']);
    expect(
      rulesBroken('packages/cli/test/s3.test.ts', 'packages/server/src/testing/s3rver.ts'),
    ).toEqual([]);
  });

  it('have a name and a reason for every rule', () => {
    for (const rule of BOUNDARIES) {
      expect(rule.name).not.toBe('');
      expect(rule.reason).not.toBe('');
    }
  });
});

describe('the repository', () => {
  const edges = importEdges(listSources(['packages', 'e2e', 'scripts', 'bench']));

  it('sees the imports of every package (the scan reaches them all)', () => {
    for (const dir of [
      'packages/core/',
      'packages/server/',
      'packages/web/',
      'packages/cli/',
      'e2e/',
    ])
      expect(edges.filter((found) => found.from.startsWith(dir)).length).toBeGreaterThan(20);
  });

  it('keeps every boundary, with the import paths resolved', () => {
    expect(findViolations(edges).map(describeViolation)).toEqual([]);
  });

  it('has no import circle (type-only imports count: they tie the files together too)', () => {
    expect(findCycles(edges)).toEqual([]);
  });
});
