import { buildFragment } from '@sealdrop/core/crypto/fragment';
import { sealMetadata, singleFileRecord } from '@sealdrop/core/crypto/metadata-record';
import { describe, expect, it } from 'vitest';
import { ENCRYPTED_FILE_LABEL, openWithFragment, recordLabel } from './sealed-names';

const rawKey = Uint8Array.from({ length: 32 }, (_, i) => 3 * i);
const fragment = buildFragment({ rawKey, iv: new Uint8Array(12) });

describe('sealed names', () => {
  it('opens a record with a remembered fragment, with or without its #', async () => {
    const blob = await sealMetadata(
      singleFileRecord({ name: 'a b.txt', size: 3, type: '' }),
      rawKey,
    );
    expect((await openWithFragment(blob, fragment))?.files[0]?.name).toBe('a b.txt');
    expect((await openWithFragment(blob, `#${fragment}`))?.files[0]?.name).toBe('a b.txt');
  });

  it('gives null without metadata, without a key, or with a key that does not open it', async () => {
    const blob = await sealMetadata(singleFileRecord({ name: 'x', size: 1, type: '' }), rawKey);
    expect(await openWithFragment(null, fragment)).toBeNull();
    expect(await openWithFragment(blob, null)).toBeNull();
    expect(await openWithFragment(blob, 'key=short&iv=short')).toBeNull();
    const other = buildFragment({ rawKey: new Uint8Array(32), iv: new Uint8Array(12) });
    expect(await openWithFragment(blob, other)).toBeNull();
  });

  it('labels one file by its name and several by the first and how many more', () => {
    const file = (name: string) => ({ name, size: 1, type: '', path: `dir/${name}` });
    expect(recordLabel({ files: [file('one.txt')] })).toBe('one.txt');
    expect(recordLabel({ files: [file('a.txt'), file('b.txt'), file('c.txt')] })).toBe(
      'a.txt and 2 more',
    );
    expect(recordLabel({ files: [] })).toBe(ENCRYPTED_FILE_LABEL);
  });
});
