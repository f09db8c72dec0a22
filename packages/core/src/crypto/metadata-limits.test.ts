import { describe, expect, it } from 'vitest';
import { presignRequestSchema } from '../api-schemas';
import {
  encryptedMetadataChars,
  MAX_ENCRYPTED_METADATA_CHARS,
  MAX_LINK_FILES,
  METADATA_ENTRY_BUDGET_BYTES,
  maxEncryptedMetadataChars,
  metadataBytes,
  metadataRecordProblem,
} from './metadata-limits';
import { type MetadataFile, sealMetadata } from './metadata-record';
import { VECTOR_RAW_KEY } from './test-helpers';

/** A file whose name, type and path take exactly the whole budget, with the longest size. */
function fullEntry(i: number): MetadataFile {
  const name = `${i}`.padStart(8, '0').padEnd(200, 'n');
  const type = 't'.repeat(48);
  const path = `${'p'.repeat(METADATA_ENTRY_BUDGET_BYTES - name.length - type.length - 1)}/`;
  return { name, type, path, size: Number.MAX_SAFE_INTEGER };
}

describe('metadata limits', () => {
  it('gives one file a few KiB, not the hundreds of KiB any upload could store before', () => {
    expect(maxEncryptedMetadataChars(1)).toBe(3111);
    expect(maxEncryptedMetadataChars(1)).toBeLessThan(MAX_ENCRYPTED_METADATA_CHARS / 100);
  });

  it('grows with the number of files up to the old ceiling, and clamps counts out of range', () => {
    expect(maxEncryptedMetadataChars(2)).toBeGreaterThan(maxEncryptedMetadataChars(1));
    expect(maxEncryptedMetadataChars(MAX_LINK_FILES)).toBe(MAX_ENCRYPTED_METADATA_CHARS);
    expect(maxEncryptedMetadataChars(10 ** 9)).toBe(MAX_ENCRYPTED_METADATA_CHARS);
    expect(maxEncryptedMetadataChars(0)).toBe(maxEncryptedMetadataChars(1));
    expect(maxEncryptedMetadataChars(Number.NaN)).toBe(maxEncryptedMetadataChars(1));
  });

  it('always fits files that keep within the budget, and says exactly how long a sealed record is', async () => {
    for (const count of [1, 2, 7, 150]) {
      const record = { files: Array.from({ length: count }, (_, i) => fullEntry(i)) };
      const sealed = await sealMetadata(record, VECTOR_RAW_KEY);
      expect(encryptedMetadataChars(record)).toBe(sealed.length);
      if (sealed.length <= MAX_ENCRYPTED_METADATA_CHARS) {
        expect(sealed.length).toBeLessThanOrEqual(maxEncryptedMetadataChars(count));
        expect(metadataRecordProblem(record)).toBeNull();
      }
    }
  });

  it('explains a record that is too long for its files, or too many files', () => {
    const long = { name: 'a', type: '', path: 'x'.repeat(3000), size: 1 };
    expect(metadataRecordProblem({ files: [long] })).toBe('This file’s name is too long to share.');
    const many = Array.from({ length: 400 }, (_, i) => ({ ...fullEntry(i), name: `${i}` }));
    expect(metadataRecordProblem({ files: many })).toMatch(/too long to share in one link/);
    const tooMany = Array.from({ length: MAX_LINK_FILES + 1 }, () => ({
      name: 'a',
      type: '',
      path: 'a',
      size: 0,
    }));
    expect(metadataRecordProblem({ files: tooMany })).toBe(
      'One link holds at most 10,000 files; 10,001 were chosen.',
    );
  });

  it('counts the stored metadata for quotas', () => {
    expect(metadataBytes(undefined)).toBe(0);
    expect(metadataBytes('abcd')).toBe(4);
  });

  it('makes presign refuse a blob longer than its declared files need, and take it with the count', () => {
    const body = {
      isEncrypted: true,
      size: 10,
      encryptedMetadata: 'A'.repeat(maxEncryptedMetadataChars(1) + 1),
    };
    const refused = presignRequestSchema.safeParse(body);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      `is longer than one file can need (at most ${maxEncryptedMetadataChars(1)} characters); fileCount must give the number of files in the link`,
    );
    expect(presignRequestSchema.safeParse({ ...body, fileCount: 2 }).success).toBe(true);
    expect(
      presignRequestSchema.safeParse({ ...body, fileCount: MAX_LINK_FILES + 1 }).error?.issues[0]
        ?.message,
    ).toBe(`must be at most ${MAX_LINK_FILES}`);
  });
});
