// Uploads and downloads a generated file through a real server process the way the browser does —
// presign, parallel part PUTs straight to storage, finalize — and reports MiB/s, wall time and the
// server's peak RSS (sampled from /proc every 50 ms). Usage:
//   node bench/server-upload.mjs [sizeMiB=1024] [concurrency=4] [local|s3]
// `s3` starts s3rver on loopback in this process (s3rver's own speed then bounds the figure).
import { createHash, randomFillSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  answersHealth,
  freePort,
  npmStartArgs,
  runNode,
  stopChild,
  waitUntilReady,
} from '../scripts/app-process.mjs';

const MiB = 1024 * 1024;
const sizeMiB = Number(process.argv[2] ?? 1024);
const concurrency = Number(process.argv[3] ?? 4);
const driver = process.argv[4] ?? 'local';
const size = sizeMiB * MiB;
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'sealdrop-bench-'));

let s3rver;
let storageEnv = {};
if (driver === 's3') {
  const { default: S3rver } = await import('s3rver');
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(dataDir, 's3'),
    configureBuckets: [{ name: 'bench' }],
  });
  const { port: s3Port } = await s3rver.run();
  storageEnv = {
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: 'bench',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
}

// As `npm start` runs it: the bundle, with package.json's node flags.
const server = runNode(npmStartArgs(), {
  ...storageEnv,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SERVE_WEB: 'false',
  RATE_LIMIT_ENABLED: 'false',
  LOG_LEVEL: 'warn',
});
// What it prints still reaches this terminal.
server.child.stdout?.pipe(process.stdout, { end: false });
server.child.stderr?.pipe(process.stderr, { end: false });
const rssOf = () =>
  Number(
    /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1] ?? 0,
  ) * 1024;
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf())), 50);

async function api(path, body) {
  const response = await fetch(`${origin}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (json.status !== 'success') throw new Error(`${path}: ${json.message}`);
  return json.data;
}

try {
  await waitUntilReady(server, () => answersHealth(origin, { okOnly: true }));
  const idleRss = rssOf();
  // One 16 MiB block of random bytes, repeated: generating 1 GiB would dominate the timing.
  const block = randomFillSync(Buffer.alloc(16 * MiB));
  const plan = await api('/upload/presign', { filename: 'bench.bin', size, isEncrypted: false });
  const { partSize, partCount, uploadId } = plan.multipart;
  const urls = new Map(plan.multipart.parts.map((p) => [p.partNumber, p.url]));
  const etags = [];
  const started = performance.now();
  let next = 1;
  async function worker() {
    while (next <= partCount) {
      const partNumber = next++;
      if (!urls.has(partNumber)) {
        const more = await api('/upload/parts', {
          objectKey: plan.objectKey,
          uploadId,
          partNumbers: [partNumber],
        });
        urls.set(partNumber, more.parts[0].url);
      }
      const length = Math.min(partSize, size - (partNumber - 1) * partSize);
      const body = length === block.length ? block : block.subarray(0, length);
      const response = await fetch(urls.get(partNumber), { method: 'PUT', body });
      if (!response.ok) throw new Error(`part ${partNumber}: ${response.status}`);
      etags.push({ partNumber, etag: response.headers.get('etag') });
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const partsPeak = peakRss;
  const finalizeStart = performance.now();
  await api('/upload/finalize', { objectKey: plan.objectKey, slug: plan.slug, parts: etags });
  // On the local driver, finalize copies every part into the object (local.concat.ts).
  const finalizeSeconds = (performance.now() - finalizeStart) / 1000;
  const uploadSeconds = (performance.now() - started) / 1000;
  const uploadPeak = peakRss;

  const downloadStart = performance.now();
  const download = await fetch(`${origin}/api/files/${plan.slug}/download`);
  const hash = createHash('sha256');
  let received = 0;
  for await (const chunk of /** @type {ReadableStream<Uint8Array>} */ (download.body)) {
    hash.update(chunk);
    received += chunk.length;
  }
  const downloadSeconds = (performance.now() - downloadStart) / 1000;
  console.log(
    JSON.stringify({
      kind: 'server-upload',
      driver,
      sizeMiB,
      concurrency,
      uploadMiBs: +(sizeMiB / uploadSeconds).toFixed(1),
      uploadSeconds: +uploadSeconds.toFixed(2),
      finalizeSeconds: +finalizeSeconds.toFixed(2),
      downloadMiBs: +(sizeMiB / downloadSeconds).toFixed(1),
      downloadSeconds: +downloadSeconds.toFixed(2),
      receivedBytes: received,
      idleRssMiB: +(idleRss / MiB).toFixed(0),
      peakRssDuringPartsMiB: +(partsPeak / MiB).toFixed(0),
      peakRssDuringUploadMiB: +(uploadPeak / MiB).toFixed(0),
      peakRssMiB: +(peakRss / MiB).toFixed(0),
    }),
  );
} finally {
  clearInterval(sampler);
  await stopChild(server.child);
  await s3rver?.close();
  rmSync(dataDir, { recursive: true, force: true });
}
