/** Which dependency, if any, an error that reached the error handler points at. */
import { isAppError } from '../../shared/errors';
import type { Dependency } from './metrics.registry';

/** Errors of the network or the pool, not of the query: PostgreSQL is gone or unreachable. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'driver has already been destroyed',
];
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE']);
/** File system errors: only the local storage driver touches the disk while serving. */
const DISK_CODES = new Set(['EIO', 'EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'EMFILE']);

export function dependencyOf(error: unknown): Dependency | null {
  if (isAppError(error)) {
    // The store wrappers turn "down", "too slow" and "full" into storage.* errors of 5xx.
    return error.code.startsWith('storage.') && error.statusCode >= 500 ? 'storage' : null;
  }
  const { name, code, severity, message } = (error ?? {}) as {
    name?: string;
    code?: string;
    severity?: string;
    message?: string;
  };
  if (name === 'SqliteError' || code?.startsWith('SQLITE_')) return 'database';
  // pg's DatabaseError: a SQLSTATE code and a severity.
  if (severity && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return 'database';
  if (message && CONNECTION_MESSAGES.some((text) => message.includes(text))) return 'database';
  // S3 and RPC calls are wrapped into app errors; a bare network error is PostgreSQL's.
  if (code && NETWORK_CODES.has(code)) return 'database';
  if (code && DISK_CODES.has(code)) return 'storage';
  return null;
}
