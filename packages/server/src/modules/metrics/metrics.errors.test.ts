import { describe, expect, it } from 'vitest';
import { createError } from '../../shared/errors';
import { storageErrors } from '../storage/storage.errors';
import { dependencyOf } from './metrics.errors';

describe('dependencyOf', () => {
  it('names the store for storage errors of 5xx, and nothing for refusals of the client', () => {
    expect(dependencyOf(storageErrors.unavailable())).toBe('storage');
    expect(dependencyOf(storageErrors.noSpace())).toBe('storage');
    expect(dependencyOf(storageErrors.notFound())).toBeNull();
    expect(dependencyOf(createError({ code: 'files.not_found', status: 404, message: 'x' }))).toBe(
      null,
    );
    expect(dependencyOf(Object.assign(new Error('i/o'), { code: 'EIO' }))).toBe('storage');
  });

  it('names the database for SQLite and PostgreSQL errors and a lost connection', () => {
    const sqlite = Object.assign(new Error('database is locked'), {
      name: 'SqliteError',
      code: 'SQLITE_BUSY',
    });
    const postgres = Object.assign(new Error('relation "x" does not exist'), {
      severity: 'ERROR',
      code: '42P01',
    });
    expect(dependencyOf(sqlite)).toBe('database');
    expect(dependencyOf(postgres)).toBe('database');
    expect(dependencyOf(new Error('Connection terminated unexpectedly'))).toBe('database');
    expect(dependencyOf(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(
      'database',
    );
  });

  it('names nothing for a plain bug', () => {
    expect(dependencyOf(new TypeError('x is undefined'))).toBeNull();
    expect(dependencyOf(undefined)).toBeNull();
  });
});
