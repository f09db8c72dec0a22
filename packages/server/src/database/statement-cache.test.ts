import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache';

describe('withStatementCache', () => {
  let sqlite: SQLite.Database;
  beforeEach(() => {
    sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (n integer)');
    sqlite.exec('insert into t values (1), (2), (3)');
  });
  afterEach(() => sqlite.close());

  it('compiles a SQL text once and hands back the same statement', () => {
    const db = withStatementCache(sqlite);
    const first = db.prepare('select n from t where n > ?');
    expect(db.prepare('select n from t where n > ?')).toBe(first);
    expect(db.prepare('select n from t where n < ?')).not.toBe(first);
    expect(first.all([1])).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('gives a fresh statement while the kept one is in the middle of a streamed query', () => {
    const db = withStatementCache(sqlite);
    const sql = 'select n from t order by n';
    const kept = db.prepare(sql);
    const rows = kept.iterate([]);
    expect(rows.next().value).toEqual({ n: 1 });
    const other = db.prepare(sql);
    expect(other.all([])).toHaveLength(3);
    expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
    // Done iterating: the kept statement serves again.
    expect(other).not.toBe(kept);
    expect(db.prepare(sql)).toBe(kept);
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const db = withStatementCache(sqlite, 2);
    const a = db.prepare('select 1');
    const b = db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(a);
    db.prepare('select 3');
    expect(db.prepare('select 1')).toBe(a);
    expect(db.prepare('select 2')).not.toBe(b);
  });

  it('sees a column a later migration added', () => {
    const db = withStatementCache(sqlite);
    expect(db.prepare('select * from t limit 1').all([])).toEqual([{ n: 1 }]);
    sqlite.exec('alter table t add column m integer default 7');
    expect(db.prepare('select * from t limit 1').all([])).toEqual([{ n: 1, m: 7 }]);
  });
});
