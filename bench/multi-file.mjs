// Several files in one link through the app's pages in headless Chromium: a
// folder of COUNT files of EACH bytes is shared with "Choose a folder" and saved with "Download
// all" (a zip made while decrypting). One JSON line per case; progress on stderr. Usage:
//   node bench/multi-file.mjs [--cases 1000x4K,5x1G] [--drivers local,s3]
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startApp } from './lib/app.mjs';
import { listFlag, MiB, mibPerSecond, parseFlags, parseSize, toMiB } from './lib/args.mjs';
import { launchBrowser } from './lib/browser.mjs';
import { TMP_DIR, writeRandomFile } from './lib/files.mjs';
import { memory, sampled } from './lib/sampled.mjs';

const READY_TEXT = 'Your file is ready. Copy or share the link anywhere.';
const flags = parseFlags(process.argv.slice(2));
const cases = listFlag(flags, 'cases', '1000x4K,5x1G').map((text) => {
  const [count, each] = text.split('x');
  return { text, count: Number(count), each: parseSize(each) };
});
const drivers = listFlag(flags, 'drivers', 'local', ['local', 's3']);
const log = (message) => console.error(`[multi-file] ${message}`);
const timeoutFor = (bytes) => Math.max(120_000, (bytes / (4 * MiB)) * 1000);

function makeFolder(item) {
  const root = join(TMP_DIR, `multi-${item.text}`, 'Shared');
  rmSync(join(TMP_DIR, `multi-${item.text}`), { recursive: true, force: true });
  for (let i = 0; i < item.count; i += 1) {
    const dir = join(root, `part-${Math.floor(i / 100)}`);
    mkdirSync(dir, { recursive: true });
    writeRandomFile(join(dir, `file-${i}.bin`), item.each);
  }
  return root;
}

async function share(chromium, origin, folder, timeoutMs) {
  const context = await chromium.browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(origin);
    const started = performance.now();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a folder' }).click();
    await (await chooser).setFiles(folder);
    await page.getByText(READY_TEXT).waitFor({ timeout: timeoutMs });
    return {
      ms: performance.now() - started,
      url: await page.getByLabel('Share link').inputValue(),
    };
  } finally {
    await context.close();
  }
}

async function saveAll(chromium, url, timeoutMs) {
  const context = await chromium.browser.newContext({ acceptDownloads: true });
  try {
    const page = await context.newPage();
    await page.goto(url);
    const button = page.getByRole('button', { name: 'Download all' });
    await button.waitFor({ timeout: 60_000 });
    const downloadEvent = page.waitForEvent('download', { timeout: timeoutMs });
    const started = performance.now();
    await button.click();
    const download = await downloadEvent;
    const failure = await download.failure();
    if (failure) throw new Error(`download failed: ${failure}`);
    const path = await download.path();
    return { ms: performance.now() - started, path, done: () => download.delete() };
  } finally {
    // The download's file stays until done() (the context keeps it).
  }
}

/** `unzip -t` checks every entry's CRC; the listing gives their count. */
function checkZip(path, count) {
  execFileSync('unzip', ['-tq', path], { stdio: 'ignore' });
  const entries = execFileSync('unzip', ['-Z1', path], { maxBuffer: 64 * MiB })
    .toString()
    .split('\n')
    .filter((line) => line && !line.endsWith('/'));
  return entries.length === count;
}

mkdirSync(TMP_DIR, { recursive: true });
const chromium = await launchBrowser({ downloadsPath: join(TMP_DIR, 'downloads') });
try {
  for (const item of cases) {
    log(`${item.text}: writing the folder`);
    const folder = makeFolder(item);
    const total = item.count * item.each;
    for (const driver of drivers) {
      const app = await startApp({ driver });
      try {
        log(`${item.text} ${driver}: share and save all`);
        const up = await sampled(chromium, app, () =>
          share(chromium, app.origin, folder, timeoutFor(total)),
        );
        const down = await sampled(chromium, app, () =>
          saveAll(chromium, up.result.url, timeoutFor(total)),
        );
        const verified = checkZip(down.result.path, item.count);
        await down.result.done();
        const phase = (measured, ms) => ({
          seconds: +(ms / 1000).toFixed(2),
          MiBs: mibPerSecond(total, ms),
          browserIdle: memory(measured.idle.browser),
          browserPeak: memory(measured.peaks.browser),
          serverPeakRssMiB: toMiB(measured.peaks.server.rss),
        });
        console.log(
          JSON.stringify({
            kind: 'multi-file',
            case: item.text,
            driver,
            count: item.count,
            totalBytes: total,
            upload: phase(up, up.result.ms),
            download: phase(down, down.result.ms),
            zipVerified: verified,
          }),
        );
      } finally {
        await app.stop();
      }
    }
    rmSync(join(TMP_DIR, `multi-${item.text}`), { recursive: true, force: true });
  }
} finally {
  await chromium.browser.close();
}
