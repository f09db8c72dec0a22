// Plain download against encrypted download+decrypt, both through the real download page in
// headless Debian Chromium or Firefox ESR, in one run. Uploads one generated file twice through the
// API from Node (plain, and sealed with the core record cipher), then clicks each page's download
// control, waits for Playwright's download to finish, compares SHA-256, and samples the RSS of the
// browser's process tree every 200 ms. Usage:
//   node bench/download-path.mjs [sizeMiB=512] [rounds=1] [browser=chromium|firefox] [methods]
// `methods`: comma-separated save methods to measure the encrypted download with (the app's
// `sealdrop:save-method` switch: service-worker, staged, blob), or `default` (the app's own choice,
// the default). Each encrypted result also splits its time: until the browser shows the download
// (`untilDownloadS`), and from then until the file is complete (`afterDownloadS`).
// WEB_DIST=<dir> serves an already built web app (the server's own setting) instead of this tree's.
import { createHash, randomBytes, randomFillSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { register } from 'tsx/esm/api';
import { api, startApp } from './lib/app.mjs';
import { sha256OfFile } from './lib/files.mjs';
import { chromiumService, cpuSecondsOf, memoryOf, processTree } from './lib/processes.mjs';

register();
const { encryptPart } = await import('../packages/core/src/crypto/record-cipher.ts');
const { importKey } = await import('../packages/core/src/crypto/key-material.ts');
const { buildFragment } = await import('../packages/core/src/crypto/fragment.ts');
const { RECORD_SIZE } = await import('../packages/core/src/record-format.ts');
const { chromium, firefox } = await import('playwright-core');
const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('../scripts/chromium.mjs');
const { firefoxLaunchOptions } = await import('../scripts/firefox.mjs');

const MiB = 1024 * 1024;
const sizeMiB = Number(process.argv[2] ?? 512);
const rounds = Number(process.argv[3] ?? 1);
const browserName = process.argv[4] ?? 'chromium';
const methods = (process.argv[5] ?? 'default').split(',');
const size = sizeMiB * MiB;
const SAMPLE_MS = 200;

// --- the plaintext: one random 16 MiB block repeated (generation must not dominate) ---------------
const block = randomFillSync(Buffer.alloc(16 * MiB));
const plainSlice = (start, end) => {
  const out = Buffer.alloc(end - start);
  for (let at = start; at < end; ) {
    const offset = at % block.length;
    const take = Math.min(block.length - offset, end - at);
    block.copy(out, at - start, offset, offset + take);
    at += take;
  }
  return out;
};
const expectedSha = (() => {
  const hash = createHash('sha256');
  for (let at = 0; at < size; at += block.length)
    hash.update(plainSlice(at, Math.min(size, at + block.length)));
  return hash.digest('hex');
})();

// --- the server, as `npm start` runs it ------------------------------------------------------------
const app = await startApp({ driver: 'local' });
const { origin } = app;
const post = (path, body) => api(origin, 'POST', path, body);

/** Uploads `size` bytes part by part; `seal` turns a part's plaintext into what is stored. */
async function upload(name, isEncrypted, seal) {
  // An encrypted upload names its file only inside sealed metadata; a stand-in blob will do here.
  const described = isEncrypted ? { encryptedMetadata: 'A'.repeat(380) } : { filename: name };
  const plan = await post('/upload/presign', { ...described, size, isEncrypted });
  const partSize = plan.multipart?.partSize ?? size;
  const partCount = plan.multipart?.partCount ?? 1;
  const urls = new Map((plan.multipart?.parts ?? []).map((p) => [p.partNumber, p.url]));
  const etags = [];
  for (let partNumber = 1; partNumber <= partCount; partNumber += 1) {
    if (plan.multipart && !urls.has(partNumber)) {
      const more = await post('/upload/parts', {
        objectKey: plan.objectKey,
        uploadId: plan.multipart.uploadId,
        partNumbers: [partNumber],
      });
      urls.set(partNumber, more.parts[0].url);
    }
    const start = (partNumber - 1) * partSize;
    const plain = plainSlice(start, Math.min(size, start + partSize));
    const body = await seal(plain, start, partNumber === partCount);
    const url = plan.multipart ? urls.get(partNumber) : plan.uploadUrl;
    const response = await fetch(url, { method: 'PUT', body });
    if (!response.ok) throw new Error(`part ${partNumber}: ${response.status}`);
    etags.push({ partNumber, etag: response.headers.get('etag') });
  }
  await post('/upload/finalize', {
    objectKey: plan.objectKey,
    slug: plan.slug,
    ...(plan.multipart ? { parts: etags } : {}),
  });
  return plan.slug;
}

// --- memory and CPU of the browser's processes (this script's descendants but the server's) -----
function browserPids() {
  const server = new Set(processTree(app.serverPid));
  return processTree(process.pid).filter((pid) => pid !== process.pid && !server.has(pid));
}
/**
 * A process's kind: Firefox names its processes (firefox-esr is the parent; Isolated Web Co a page's
 * content process, Isolated Servic a Service Worker's, Socket Process the network); Chromium's
 * all say chromium, so its role and service are read from the command line.
 */
function processName(pid) {
  let name = '?';
  try {
    name = /Name:\s+(.+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]?.trim() ?? '?';
  } catch {
    return name;
  }
  return /^(chrom|headless)/.test(name) ? `chromium:${chromiumService(pid)}` : name;
}
/** CPU seconds so far of each kind of browser process, by name. */
function cpuByName() {
  /** @type {Record<string, number>} */
  const out = {};
  for (const pid of browserPids()) {
    const name = processName(pid);
    out[name] = (out[name] ?? 0) + cpuSecondsOf(pid);
  }
  return out;
}
const browserRss = () => browserPids().reduce((sum, pid) => sum + memoryOf(pid).rss, 0);
/** CPU seconds (user + system) used so far by the browser's processes; ended ones drop out. */
const browserCpuSeconds = () => browserPids().reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);

/** Opens `url` in a fresh context, clicks `control`, returns seconds and peak RSS over idle. */
async function timeDownload(browser, url, control, method = 'default') {
  const context = await browser.newContext({ acceptDownloads: true });
  if (method !== 'default') {
    await context.addInitScript((value) => {
      try {
        localStorage.setItem('sealdrop:save-method', value);
      } catch {
        // a blank first document has no storage
      }
    }, method);
  }
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  await page.goto(url);
  const button = page.getByRole(control.role, { name: control.name });
  await button.waitFor();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const idle = browserRss();
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, browserRss())), SAMPLE_MS);
  const cpuBefore = browserCpuSeconds();
  const cpuByNameBefore = cpuByName();
  const started = performance.now();
  const downloadEvent = page.waitForEvent('download', { timeout: 300_000 });
  await button.click();
  const download = await downloadEvent;
  const shown = performance.now();
  const path = await download.path();
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = browserCpuSeconds() - cpuBefore;
  const cpuAfter = cpuByName();
  /** @type {Record<string, number>} */
  const cpu = {};
  for (const [name, value] of Object.entries(cpuAfter)) {
    const used = round(value - (cpuByNameBefore[name] ?? 0));
    if (used >= 0.1) cpu[name] = used;
  }
  clearInterval(sampler);
  const failure = await download.failure();
  const sha = failure ? '' : await sha256OfFile(path);
  await download.delete();
  await context.close();
  if (failure || sha !== expectedSha) {
    throw new Error(`${control.name}: ${failure ?? 'SHA-256 mismatch'} ${pageErrors.join(' ')}`);
  }
  return {
    MiBs: sizeMiB / seconds,
    peakOverIdleMiB: (peak - idle) / MiB,
    cpuSeconds,
    cpu,
    untilDownloadS: round((shown - started) / 1000),
    afterDownloadS: round(seconds - (shown - started) / 1000),
  };
}

const round = (n) => Math.round(n * 10) / 10;
let browser;
try {
  const rawKey = randomBytes(32);
  const iv = randomBytes(12);
  const key = await importKey(rawKey);
  const plainSlug = await upload('plain.bin', false, (plain) => plain);
  const sealedSlug = await upload('sealed.bin', true, (plain, start, isLastPart) =>
    encryptPart({
      key,
      iv,
      plaintext: plain,
      firstRecordIndex: start / RECORD_SIZE,
      isLastPart,
      withHeader: start === 0,
    }).then((bytes) => new Blob([bytes])),
  );
  browser =
    browserName === 'firefox'
      ? await firefox.launch(firefoxLaunchOptions())
      : await chromium.launch({
          executablePath: CHROMIUM_PATH,
          headless: true,
          args: CHROMIUM_ARGS,
        });
  const fragment = buildFragment({ rawKey, iv });
  for (let r = 1; r <= rounds; r += 1) {
    const plain = await timeDownload(browser, `${origin}/download/${plainSlug}`, {
      role: 'link',
      name: 'Download File',
    });
    for (const method of methods) {
      const encrypted = await timeDownload(
        browser,
        `${origin}/download/${sealedSlug}#${fragment}`,
        { role: 'button', name: 'Download & Decrypt File' },
        method,
      );
      console.log(
        JSON.stringify({
          round: r,
          browser: `${browserName} ${browser.version()}`,
          method,
          sizeMiB,
          plainMiBs: round(plain.MiBs),
          encryptedMiBs: round(encrypted.MiBs),
          ratio: Math.round((encrypted.MiBs / plain.MiBs) * 100) / 100,
          untilDownloadS: encrypted.untilDownloadS,
          afterDownloadS: encrypted.afterDownloadS,
          plainPeakOverIdleMiB: Math.round(plain.peakOverIdleMiB),
          encryptedPeakOverIdleMiB: Math.round(encrypted.peakOverIdleMiB),
          plainBrowserCpuSeconds: round(plain.cpuSeconds),
          encryptedBrowserCpuSeconds: round(encrypted.cpuSeconds),
          encryptedCpuByProcess: encrypted.cpu,
        }),
      );
    }
  }
} finally {
  await browser?.close();
  await app.stop();
}
