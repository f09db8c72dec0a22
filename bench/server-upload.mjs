// Uploads and downloads a generated file through a real server process the way the browser does —
// presign, parallel part PUTs straight to storage, finalize — and reports MiB/s, wall time and the
// server's peak RSS (sampled from /proc every 50 ms). Usage:
//   node bench/server-upload.mjs [sizeMiB=1024] [concurrency=4] [local|s3]
// `s3` starts s3rver on loopback beside it (s3rver's own speed then bounds the figure).
import { createHash, randomFillSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { api, startApp } from './lib/app.mjs';

const MiB = 1024 * 1024;
const sizeMiB = Number(process.argv[2] ?? 1024);
const concurrency = Number(process.argv[3] ?? 4);
const driver = process.argv[4] ?? 'local';
const size = sizeMiB * MiB;

// As `npm start` runs it (the bundle, package.json's node flags); s3rver in a process of its own.
const app = await startApp({ driver, env: { SERVE_WEB: 'false' } });
const { origin } = app;
const post = (path, body) => api(origin, 'POST', path, body);
const rssOf = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${app.serverPid}/status`, 'utf8'))?.[1] ?? 0) *
  1024;
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf())), 50);

try {
  const idleRss = rssOf();
  // One 16 MiB block of random bytes, repeated: generating 1 GiB would dominate the timing.
  const block = randomFillSync(Buffer.alloc(16 * MiB));
  const plan = await post('/upload/presign', { filename: 'bench.bin', size, isEncrypted: false });
  const { partSize, partCount, uploadId } = plan.multipart;
  const urls = new Map(plan.multipart.parts.map((p) => [p.partNumber, p.url]));
  const etags = [];
  const started = performance.now();
  let next = 1;
  async function worker() {
    while (next <= partCount) {
      const partNumber = next++;
      if (!urls.has(partNumber)) {
        const more = await post('/upload/parts', {
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
  await post('/upload/finalize', { objectKey: plan.objectKey, slug: plan.slug, parts: etags });
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
  await app.stop();
}
