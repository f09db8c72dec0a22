// How long clamd takes to check a plain file, along the scanner's own path: the local storage
// driver streams the stored object (readObject), the INSTREAM client sends it
// (modules/malware/malware.clamd.ts). clamd is Debian's, started as the tests start it
// (src/testing/clamd.ts: one signature), with its size and time limits raised so that the whole
// file is scanned.
//   npx tsx scripts/clamd-scan-time.ts [--mib 1024] [--rounds 1] [--kind random|zero]
// Prints one JSON line per round: MiB, seconds, MiB/s and seconds per GiB.
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { parseClamdAddress } from '../packages/server/src/modules/malware/malware.address';
import { scanWithClamd } from '../packages/server/src/modules/malware/malware.clamd';
import { createLocalStorageDriver } from '../packages/server/src/modules/storage/local.driver';
import { startTestClamd } from '../packages/server/src/testing/clamd';

const { values } = parseArgs({
  options: {
    mib: { type: 'string', default: '1024' },
    rounds: { type: 'string', default: '1' },
    kind: { type: 'string', default: 'random' },
  },
});
const mib = Number(values.mib);
if (!(mib > 0 && mib < 2048)) throw new Error('--mib: clamd scans files below 2 GiB only');

const root = mkdtempSync(join(tmpdir(), 'sealdrop-scan-time-'));
const storage = createLocalStorageDriver({ rootDir: root, secret: 'x'.repeat(32) });
const key = 'files/scan-time/object.bin';
const path = join(root, 'objects', key);
mkdirSync(dirname(path), { recursive: true });
const out = createWriteStream(path);
const chunk = Buffer.alloc(1024 * 1024);
for (let i = 0; i < mib; i += 1) {
  if (!out.write(values.kind === 'zero' ? chunk : randomBytes(chunk.length)))
    await new Promise<void>((resolve) => out.once('drain', () => resolve()));
}
out.end();
await finished(out);

const clamd = await startTestClamd({ streamMaxLength: `${mib + 64}M`, maxScanTimeMs: 0 });
try {
  const address = parseClamdAddress(clamd.url);
  if (!address) throw new Error('bad clamd address');
  for (let round = 1; round <= Number(values.rounds); round += 1) {
    const source = await storage.readObject(key);
    if (!source) throw new Error('object missing');
    const started = performance.now();
    const verdict = await scanWithClamd({ address, source });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      JSON.stringify({
        kind: values.kind,
        mib,
        round,
        verdict,
        seconds: Number(seconds.toFixed(1)),
        mibPerSecond: Number((mib / seconds).toFixed(1)),
        secondsPerGiB: Number(((seconds * 1024) / mib).toFixed(1)),
      }),
    );
  }
} finally {
  await clamd.destroy();
  rmSync(root, { recursive: true, force: true });
}
