import { describe, expect, it } from 'vitest';
import { storageErrors } from './storage.errors';
import type { StorageDriver } from './storage.types';
import { withStoreUnavailableErrors } from './storage.unavailable';

const UNAVAILABLE = { statusCode: 503, message: 'Storage is unavailable. Please try again later.' };

/** A driver whose `head` does what the test says; the rest is never called. */
function driverWhoseHead(head: StorageDriver['head']): StorageDriver {
  const unused = () => Promise.reject(new Error('not used'));
  return {
    name: 's3',
    presignPut: unused,
    createMultipart: unused,
    presignPart: unused,
    completeMultipart: unused,
    abortMultipart: unused,
    head,
    receivedBytes: unused,
    presignGet: unused,
    readObject: unused,
    delete: unused,
    check: unused,
    async *listObjects() {},
  };
}

describe('withStoreUnavailableErrors', () => {
  it('turns a refused connection into the 503 storage error', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
      code: 'ECONNREFUSED',
    });
    const driver = withStoreUnavailableErrors(driverWhoseHead(() => Promise.reject(refused)));
    await expect(driver.head('k')).rejects.toMatchObject(UNAVAILABLE);
  });

  it('turns a 5xx answer from the store into the 503 storage error', async () => {
    const slowDown = Object.assign(new Error('SlowDown'), { $metadata: { httpStatusCode: 503 } });
    const driver = withStoreUnavailableErrors(driverWhoseHead(() => Promise.reject(slowDown)));
    await expect(driver.head('k')).rejects.toMatchObject(UNAVAILABLE);
  });

  it('gives up on a store that does not answer within the time limit', async () => {
    const driver = withStoreUnavailableErrors(
      driverWhoseHead(() => new Promise(() => {})),
      50,
    );
    await expect(driver.head('k')).rejects.toMatchObject(UNAVAILABLE);
  });

  it('passes through what the store refused on purpose, and results', async () => {
    const forbidden = Object.assign(new Error('AccessDenied'), {
      $metadata: { httpStatusCode: 403 },
    });
    const denied = withStoreUnavailableErrors(driverWhoseHead(() => Promise.reject(forbidden)));
    await expect(denied.head('k')).rejects.toBe(forbidden);
    const invalid = withStoreUnavailableErrors(
      driverWhoseHead(() => Promise.reject(storageErrors.invalidKey())),
    );
    await expect(invalid.head('k')).rejects.toMatchObject({ statusCode: 400 });
    const found = withStoreUnavailableErrors(driverWhoseHead(async () => ({ size: 3 })));
    expect(await found.head('k')).toEqual({ size: 3 });
  });
});
