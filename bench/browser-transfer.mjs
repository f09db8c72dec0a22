// Upload and download through the app's pages in headless Chromium, against the app as `npm start`
// runs it, on each storage driver, encrypted and plain, for generated files of each size. Prints
// one JSON line per measurement (stdout); progress goes to stderr. Usage:
//   node bench/browser-transfer.mjs [--sizes 100M,1G,5G] [--drivers local,s3] [--modes encrypted,plain]
//     [--profile normal|private]   (bench/lib/browser.mjs: an on-disk profile, or private windows)
//     [--probes page-read,sw-serve,…|none]   (the download-ceiling probes; all by default)
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildWebIfStale } from '../scripts/build-web.mjs';
import { api, startApp } from './lib/app.mjs';
import {
  ciphertextSize,
  RECORD_SIZE_BYTES,
  RECORDS_IN_FLIGHT,
  UPLOAD_CONCURRENCY,
  UPLOAD_PART_SIZE,
} from './lib/app-limits.mjs';
import { listFlag, MiB, mibPerSecond, parseFlags, parseSize, toMiB } from './lib/args.mjs';
import { launchBrowser } from './lib/browser.mjs';
import { measureRawUpload, measureWebCrypto, startDiscardServer } from './lib/ceilings.mjs';
import { sha256OfFile, TMP_DIR, writeRandomFile } from './lib/files.mjs';
import { measureRead, webDistWithProbe } from './lib/read-ceilings.mjs';
import { byRole, memory, sampled } from './lib/sampled.mjs';
import { downloadThroughLink, uploadThroughHomePage } from './lib/ui.mjs';

const flags = parseFlags(process.argv.slice(2));
const sizes = listFlag(flags, 'sizes', '100M,1G,5G').map((text) => ({
  text,
  bytes: parseSize(text),
}));
const drivers = listFlag(flags, 'drivers', 'local,s3', ['local', 's3']);
const modes = listFlag(flags, 'modes', 'encrypted,plain', ['encrypted', 'plain']);
const [profile] = listFlag(flags, 'profile', 'normal', ['normal', 'private']);
/** Probes of the download ceiling (bench/lib/read-ceilings.mjs), run on each encrypted object. */
const ALL_READ_PROBES = [
  'page-read',
  'sw-read',
  'sw-serve',
  'page-feeds-sw',
  'sw-crypt-64k',
  'sw-crypt-1m',
];
const READ_PROBES =
  flags.probes === 'none'
    ? []
    : listFlag(flags, 'probes', ALL_READ_PROBES.join(','), ALL_READ_PROBES);

const log = (message) => console.error(`[browser-transfer] ${message}`);
const emit = (row) => console.log(JSON.stringify(row));
/** Generous: a stalled transfer fails the bench instead of hanging it. */
const timeoutFor = (bytes) => Math.max(120_000, (bytes / (4 * MiB)) * 1000);

/** One upload and download of `file` through `app`; returns the measurement row. */
async function roundTrip(chromium, app, file, mode) {
  const encrypt = mode === 'encrypted';
  const timeoutMs = timeoutFor(file.bytes);
  const up = await sampled(chromium, app, () =>
    uploadThroughHomePage(chromium.browser, app.origin, { path: file.path, encrypt, timeoutMs }),
  );
  const down = await sampled(chromium, app, () =>
    downloadThroughLink(chromium.browser, up.result.url, { encrypted: encrypt, timeoutMs }),
  );
  let savedSha256;
  try {
    savedSha256 = await sha256OfFile(down.result.path);
  } finally {
    await down.result.done();
  }
  const phase = (measured, ms) => ({
    seconds: +(ms / 1000).toFixed(2),
    MiBs: mibPerSecond(file.bytes, ms),
    browserIdle: memory(measured.idle.browser),
    browserPeak: memory(measured.peaks.browser),
    browserPeakByRole: byRole(measured.peaks.browser),
    serverIdleRssMiB: toMiB(measured.idle.server.rss),
    serverPeakRssMiB: toMiB(measured.peaks.server.rss),
    browserCpuSeconds: measured.cpuSeconds.browser,
    browserCpuSecondsByKind: measured.cpuSecondsByKind.browser,
    serverCpuSeconds: measured.cpuSeconds.server,
    ...(measured.peaks.s3rver ? { s3rverPeakRssMiB: toMiB(measured.peaks.s3rver.rss) } : {}),
    samples: measured.samples,
  });
  const probes =
    encrypt && READ_PROBES.length
      ? await readProbes(chromium, app, file, up.result.url)
      : undefined;
  return {
    kind: 'transfer',
    driver: app.driver,
    mode,
    size: file.text,
    sizeBytes: file.bytes,
    upload: { ...phase(up, up.result.ms), partsStaged: up.result.partsStaged },
    download: phase(down, down.result.ms),
    sha256: file.sha256,
    sha256Match: savedSha256 === file.sha256,
    savedName: down.result.name,
    ...(probes ? { readProbes: probes } : {}),
  };
}

/** The encrypted object read without decrypting, each probe once (the download's ceiling). */
async function readProbes(chromium, app, file, url) {
  const code = new URL(url).pathname.split('/').at(-1);
  const { fileId } = await api(app.origin, 'GET', `/s/${code}`);
  const size = ciphertextSize(file.bytes);
  const rows = {};
  for (const path of READ_PROBES) {
    log(`${file.text} ${app.driver}: ${path} of the ciphertext`);
    const { ms, mibs, measured } = await measureRead(chromium.browser, app.origin, {
      fileId,
      size,
      path,
      measure: (work) => sampled(chromium, app, work),
    });
    rows[path] = {
      seconds: +(ms / 1000).toFixed(2),
      MiBs: mibs,
      browserCpuSeconds: measured.cpuSeconds.browser,
      browserPeak: memory(measured.peaks.browser),
    };
  }
  return rows;
}

/** Every mode of one size on one driver, on a fresh app whose stored objects go when it stops. */
async function onDriver(driver, file) {
  log(`${file.text} ${driver}: starting the app`);
  const app = await startApp({ driver, env: { WEB_DIST: probeDist.dir } });
  try {
    const rows = [];
    for (const mode of modes) {
      log(`${file.text} ${driver} ${mode}: upload, download, compare`);
      const row = await roundTrip(chromium, app, file, mode);
      emit(row);
      rows.push(row);
    }
    return rows;
  } finally {
    await app.stop();
  }
}

/** Generates the file, measures the raw upload ceiling with it, then every driver and mode. */
async function onSize(size) {
  const file = { ...size, path: join(TMP_DIR, `bench-${size.text}.bin`) };
  log(`${size.text}: generating the file`);
  file.sha256 = writeRandomFile(file.path, size.bytes);
  try {
    for (const transport of ['xhr', 'fetch']) {
      log(`${size.text}: raw upload to the discard server (${transport})`);
      const ceiling = await measureRawUpload(chromium.browser, discard, {
        path: file.path,
        size: size.bytes,
        partSize: UPLOAD_PART_SIZE,
        concurrency: UPLOAD_CONCURRENCY,
        transport,
      });
      emit({ ...ceiling, size: size.text });
    }
    const rows = [];
    for (const driver of drivers) rows.push(...(await onDriver(driver, file)));
    return rows;
  } finally {
    rmSync(file.path, { force: true });
  }
}

mkdirSync(TMP_DIR, { recursive: true });
buildWebIfStale();
const probeDist = webDistWithProbe();
const downloadsDir = join(TMP_DIR, 'downloads');
const discard = await startDiscardServer();
const chromium = await launchBrowser({ downloadsPath: downloadsDir, profile });
const mismatches = [];
try {
  emit({ kind: 'browser', version: chromium.version, profile });
  log('WebCrypto AES-256-GCM at the record size');
  const cryptoRows = await measureWebCrypto(chromium.browser, discard.origin, {
    recordSize: RECORD_SIZE_BYTES,
    total: 256 * MiB,
    depths: [1, RECORDS_IN_FLIGHT],
  });
  for (const row of cryptoRows) emit(row);
  for (const size of sizes) {
    for (const row of await onSize(size)) {
      if (!row.sha256Match) mismatches.push(`${row.size} ${row.driver} ${row.mode}`);
    }
  }
} finally {
  await chromium.browser.close();
  await discard.close();
  probeDist.remove();
  rmSync(downloadsDir, { recursive: true, force: true });
}
if (mismatches.length) {
  log(`SHA-256 MISMATCH: ${mismatches.join(', ')}`);
  process.exit(1);
}
