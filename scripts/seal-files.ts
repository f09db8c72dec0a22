// Seals files the way the web page does, for trying the HTTP API by hand (README "Several files in
// one link"): `npx tsx scripts/seal-files.ts OUT FILE…` writes the sealed object to OUT and prints
// the presign fields and the link's #fragment as JSON. Everything it uses is @sealdrop/core.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { buildFragment } from '@sealdrop/core/crypto/fragment';
import { generateKeyMaterial } from '@sealdrop/core/crypto/key-material';
import { sealMetadata } from '@sealdrop/core/crypto/metadata-record';
import { encryptBytes } from '@sealdrop/core/crypto/record-cipher';

const [out, ...paths] = process.argv.slice(2);
if (!out || paths.length === 0) {
  console.error('usage: npx tsx scripts/seal-files.ts OUT FILE…');
  process.exit(2);
}
const files = paths.map((path) => ({
  name: basename(path),
  path: basename(path),
  size: statSync(path).size,
  type: '',
}));
const material = await generateKeyMaterial();
// Files laid end to end, in the order of the list (docs/encryption.md "Several files in one link").
const plaintext = Buffer.concat(paths.map((path) => readFileSync(path)));
writeFileSync(out, await encryptBytes(material.key, material.iv, plaintext));
console.log(
  JSON.stringify({
    size: plaintext.length,
    encryptedMetadata: await sealMetadata({ files }, material.rawKey),
    fileCount: files.length,
    fragment: buildFragment(material),
  }),
);
