import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyMaterial } from '@sealdrop/core/crypto/key-material';
import { decryptBytes, encryptBytes } from '@sealdrop/core/crypto/record-cipher';
import { RECORD_SIZE } from '@sealdrop/core/record-format';
import { partCount, partObjectSize } from '@sealdrop/core/upload-plan';
import { afterAll, describe, expect, it } from 'vitest';
import { partBody } from './part-body';
import { plaintextSource } from './plaintext-source';

const dir = mkdtempSync(join(tmpdir(), 'sealdrop-part-body-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function localFiles(sizes: number[]) {
  return sizes.map((size, i) => {
    const absolutePath = join(dir, `f${sizes.join('-')}-${i}`);
    const bytes = new Uint8Array(size).map((_, j) => (j * 31 + i * 7) % 251);
    writeFileSync(absolutePath, bytes);
    return { absolutePath, path: `f${i}`, size, mtimeMs: 0, bytes };
  });
}

async function collect(body: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const pieces: Uint8Array[] = [];
  for await (const piece of body) pieces.push(piece);
  return Buffer.concat(pieces);
}

describe('partBody', () => {
  // Several files across part and record boundaries, a lone record, an empty file.
  for (const sizes of [[3 * RECORD_SIZE + 5, 0, 2 * 1024 * 1024 + 7, 1], [1], [0]]) {
    it(`parts of files ${sizes.join('+')} join into core's own encryption of them`, async () => {
      const files = localFiles(sizes);
      const plaintext = Buffer.concat(files.map((file) => file.bytes));
      const source = plaintextSource(files);
      const material = await generateKeyMaterial();
      const cipher = { key: material.key, iv: material.iv };
      const partSize = 2 * RECORD_SIZE;
      const parts: Uint8Array[] = [];
      for (let n = 1; n <= partCount(source.size, partSize); n += 1) {
        const part = await collect(partBody({ source, cipher, partSize, partNumber: n }));
        expect(part.length).toBe(partObjectSize(source.size, true, partSize, n));
        parts.push(part);
      }
      const object = Buffer.concat(parts);
      // Same key and iv give the same bytes: the CLI writes exactly the web app's format.
      expect(object.equals(await encryptBytes(material.key, material.iv, plaintext))).toBe(true);
      // Buffer#equals, not toEqual: Vitest's deep equality walks 2 MiB a byte at a time (7 s).
      const decrypted = Buffer.from(await decryptBytes(material.key, material.iv, object));
      expect(decrypted.equals(plaintext)).toBe(true);
    });
  }

  it('sends the plaintext as it is without a cipher', async () => {
    const files = localFiles([100, 200]);
    const body = await collect(
      partBody({ source: plaintextSource(files), cipher: null, partSize: 300, partNumber: 1 }),
    );
    expect(body).toEqual(Buffer.concat(files.map((file) => file.bytes)));
  });
});
