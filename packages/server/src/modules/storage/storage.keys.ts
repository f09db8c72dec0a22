import { storageErrors } from './storage.errors';

/**
 * The one key shape every driver accepts, so keys that work in tests work everywhere: slash-separated
 * segments that each start with a letter or digit. That rules out `.`/`..`, empty segments and
 * leading slashes, which keeps local keys inside their root and S3 keys free of surprises.
 */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const MAX_KEY_LENGTH = 1024;

export function isValidStorageKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw storageErrors.invalidKey();
}
