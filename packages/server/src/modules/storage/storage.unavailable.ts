/**
 * Turns "the object store cannot be reached" into one clear 503 (storageErrors.unavailable) instead
 * of a 500 with a network error inside, and bounds how long a quick store call may take, so a
 * store that hangs cannot hold a request forever. Errors the store answered on purpose (4xx: no
 * such upload, bad parts) pass through unchanged.
 */
import { isAppError } from '../../shared/errors';
import { storageErrors } from './storage.errors';
import type { StorageDriver } from './storage.types';

/** Longest a metadata call (head, create, delete, health check) may take. */
export const STORE_CALL_TIMEOUT_MS = 10_000;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** Whether an error from a store call means the store is down rather than refusing the request. */
export function isStoreUnreachable(error: unknown): boolean {
  if (isAppError(error)) return false;
  const { code, name, $metadata } = (error ?? {}) as {
    code?: string;
    name?: string;
    $metadata?: { httpStatusCode?: number };
  };
  if (code && NETWORK_CODES.has(code)) return true;
  if (name === 'TimeoutError' || name === 'RequestTimeout') return true;
  return ($metadata?.httpStatusCode ?? 0) >= 500;
}

async function guarded<T>(call: () => Promise<T>, timeoutMs: number | null): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const work = call();
    if (timeoutMs === null) return await work;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(storageErrors.unavailable()), timeoutMs);
    });
    return await Promise.race([work, timeout]);
  } catch (error) {
    throw isStoreUnreachable(error) ? storageErrors.unavailable() : error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Wraps every store call of a driver. Completing a multipart upload is not time-bounded: on real
 * S3 it may legitimately take minutes for a large object.
 */
export function withStoreUnavailableErrors<T extends StorageDriver>(
  driver: T,
  timeoutMs = STORE_CALL_TIMEOUT_MS,
): T {
  return {
    ...driver,
    presignPut: (input) => guarded(() => driver.presignPut(input), timeoutMs),
    createMultipart: (input) => guarded(() => driver.createMultipart(input), timeoutMs),
    presignPart: (input) => guarded(() => driver.presignPart(input), timeoutMs),
    completeMultipart: (input) => guarded(() => driver.completeMultipart(input), null),
    abortMultipart: (input) => guarded(() => driver.abortMultipart(input), timeoutMs),
    head: (key) => guarded(() => driver.head(key), timeoutMs),
    receivedBytes: (input) => guarded(() => driver.receivedBytes(input), timeoutMs),
    presignGet: (input) => guarded(() => driver.presignGet(input), timeoutMs),
    readObject: (key) => guarded(() => driver.readObject(key), timeoutMs),
    delete: (key) => guarded(() => driver.delete(key), timeoutMs),
    check: () => guarded(() => driver.check(), timeoutMs),
  };
}
