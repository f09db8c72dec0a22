/**
 * The metadata record (docs/encryption.md "Metadata record"). The vector was computed once with an
 * independent node:crypto implementation (hkdfSync + createCipheriv) of the documented format.
 */
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from './base64url';
import {
  decodeMetadata,
  encodeMetadata,
  linkRecord,
  MetadataError,
  type MetadataRecord,
  openMetadata,
  sealMetadata,
  singleFileRecord,
} from './metadata-record';
import { toHex, VECTOR_RAW_KEY } from './test-helpers';

const VECTOR_NONCE = Uint8Array.from({ length: 12 }, (_, i) => 0xb0 + i);
const VECTOR_NAME = 'Quarterly report – draft.pdf';
const VECTOR_RECORD: MetadataRecord = {
  files: [{ name: VECTOR_NAME, size: 1234, type: 'application/pdf', path: VECTOR_NAME }],
};
const VECTOR_BLOB =
  'AbCxsrO0tba3uLm6u9-NXdGkhLAyvx2rgxLgIBnG1zoyZz1DF0SNeD--RcmPCidp6uCS8VD3YjzN01Hqq6y1L8VBolLsOBqhpZgFi9_DW-3YhuIHFKVfiPFqiZNDmocvoM3LmZo9Z_kLom0Xcer-hHa0sEHH_448AUKHHfYeIxNg82240orjHPrSor7tq5pzBNDywK1eu9OkIITSO_4xpb_XjHkTJMHe_IAtMcdYweJXSVnhNK0X1weOqKaMDQkVS5Hf9_lvHYUH4q5jkwNsU7fKMLY0LgF_e243TfYHeIKuk5MCl8FTu-aoOHExryHrTr56bBtVPRKd33voPnm3f-ehUvOBNYHhWfuo-oUI1qrfotQ-9PpMTdo9SKJG';
const OTHER_KEY = Uint8Array.from({ length: 32 }, (_, i) => 31 - i);

describe('metadata record', () => {
  it('seals the test vector (key 00..1f, nonce b0..bb) to the frozen blob', async () => {
    expect(await sealMetadata(VECTOR_RECORD, VECTOR_RAW_KEY, VECTOR_NONCE)).toBe(VECTOR_BLOB);
  });

  it('opens the test vector to the names, sizes, types and paths it holds', async () => {
    expect(await openMetadata(VECTOR_BLOB, VECTOR_RAW_KEY)).toEqual(VECTOR_RECORD);
  });

  it('round-trips a list of files with folders and non-ASCII names under a random nonce', async () => {
    const record: MetadataRecord = {
      files: [
        { name: 'a.txt', size: 0, type: 'text/plain', path: 'trip/a.txt' },
        {
          name: 'Фото 😀.jpg',
          size: 5 * 2 ** 30,
          type: 'image/jpeg',
          path: 'trip/day 1/Фото 😀.jpg',
        },
      ],
    };
    const first = await sealMetadata(record, VECTOR_RAW_KEY);
    const second = await sealMetadata(record, VECTOR_RAW_KEY);
    expect(first).not.toBe(second);
    expect(await openMetadata(first, VECTOR_RAW_KEY)).toEqual(record);
  });

  it('never holds the name in the clear', async () => {
    const blob = await sealMetadata(VECTOR_RECORD, VECTOR_RAW_KEY);
    const text = new TextDecoder('latin1').decode(fromBase64Url(blob));
    expect(blob).not.toContain('Quarterly');
    expect(text).not.toContain('Quarterly');
  });

  it('pads the plaintext so names of different lengths give blobs of one length', async () => {
    const short = await sealMetadata(
      singleFileRecord({ name: 'a', size: 1, type: '' }),
      VECTOR_RAW_KEY,
    );
    const long = await sealMetadata(
      singleFileRecord({ name: 'x'.repeat(60), size: 1, type: 'application/pdf' }),
      VECTOR_RAW_KEY,
    );
    expect(short.length).toBe(long.length);
    expect(encodeMetadata(VECTOR_RECORD).length % 256).toBe(0);
  });

  it('refuses a wrong key, a flipped byte, a cut blob and an unknown version', async () => {
    await expect(openMetadata(VECTOR_BLOB, OTHER_KEY)).rejects.toBeInstanceOf(MetadataError);
    const bytes = fromBase64Url(VECTOR_BLOB);
    const flipped = bytes.slice();
    flipped[40] = (flipped[40] ?? 0) ^ 1;
    await expect(openMetadata(toBase64Url(flipped), VECTOR_RAW_KEY)).rejects.toBeInstanceOf(
      MetadataError,
    );
    await expect(
      openMetadata(toBase64Url(bytes.subarray(0, bytes.length - 1)), VECTOR_RAW_KEY),
    ).rejects.toBeInstanceOf(MetadataError);
    const version2 = bytes.slice();
    version2[0] = 2;
    await expect(openMetadata(toBase64Url(version2), VECTOR_RAW_KEY)).rejects.toThrow(
      'unknown format',
    );
    await expect(openMetadata('not base64url!', VECTOR_RAW_KEY)).rejects.toBeInstanceOf(
      MetadataError,
    );
  });

  it('refuses plaintext that is not a record', () => {
    const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
    expect(() => decodeMetadata(encode({ v: 2, files: [] }))).toThrow(MetadataError);
    expect(() => decodeMetadata(encode({ v: 1, files: [] }))).toThrow(MetadataError);
    expect(() => decodeMetadata(encode({ v: 1, files: [{ name: 'a' }] }))).toThrow(MetadataError);
    expect(() => decodeMetadata(Uint8Array.of(0xff, 0xfe))).toThrow(MetadataError);
    expect(toHex(encodeMetadata(VECTOR_RECORD).subarray(0, 6))).toBe('7b2276223a31');
  });
});

describe('linkRecord', () => {
  it('lists one file by its name alone, several by their paths and last segments', () => {
    expect(linkRecord([{ path: 'photos/a.jpg', size: 3, type: 'image/jpeg' }])).toEqual({
      files: [{ name: 'a.jpg', size: 3, type: 'image/jpeg', path: 'a.jpg' }],
    });
    expect(
      linkRecord([
        { path: 'photos/a.jpg', size: 3, type: '' },
        { path: 'photos/2024/b.txt', size: 0, type: 'text/plain' },
      ]),
    ).toEqual({
      files: [
        { name: 'a.jpg', size: 3, type: '', path: 'photos/a.jpg' },
        { name: 'b.txt', size: 0, type: 'text/plain', path: 'photos/2024/b.txt' },
      ],
    });
  });
});
