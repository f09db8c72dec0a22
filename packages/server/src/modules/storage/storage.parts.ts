import { storageErrors } from './storage.errors';
import type { CompletedPart } from './storage.types';

/** S3's own bounds, kept by every driver so that code tested on one driver works on the others. */
export const MAX_PART_NUMBER = 10_000;

export function isValidPartNumber(partNumber: number): boolean {
  return Number.isInteger(partNumber) && partNumber >= 1 && partNumber <= MAX_PART_NUMBER;
}

/** ETags travel quoted in headers; compare them bare and lower-case. */
export function normalizeEtag(etag: string): string {
  return etag.trim().replace(/^W\//, '').replace(/^"|"$/g, '').toLowerCase();
}

/**
 * Parts in the ascending order S3 requires, whatever order the client finished them in. A list
 * that cannot describe one object (empty, repeated or out-of-range numbers) is refused.
 */
export function orderParts(parts: CompletedPart[]): CompletedPart[] {
  if (parts.length === 0) throw storageErrors.invalidParts('An upload needs at least one part.');
  const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
  ordered.forEach((part, index) => {
    if (!isValidPartNumber(part.partNumber)) {
      throw storageErrors.invalidParts(`Part number ${part.partNumber} is out of range.`);
    }
    if (index > 0 && ordered[index - 1]?.partNumber === part.partNumber) {
      throw storageErrors.invalidParts(`Part ${part.partNumber} is listed twice.`);
    }
  });
  return ordered;
}
