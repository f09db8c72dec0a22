// The first visit (docs/performance.md, "First visit"): Lighthouse from npm in Debian's Chromium,
// mobile and desktop, on the home page, /about, a download page and a short link's page, the
// median of RUNS runs each; and the home page's JavaScript (gzip) from the build's manifest. The
// app runs as `npm start` runs it (bench/lib/app.mjs). One JSON line per page and form factor.
// Usage: node bench/first-visit.mjs [--runs 3] [--pages home,about,download,short-link]
//                                   [--forms mobile,desktop]
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { measureHomePageJs } from '../scripts/home-page-js.mjs';
import { api, ROOT, startApp } from './lib/app.mjs';
import { listFlag, parseFlags } from './lib/args.mjs';

const flags = parseFlags(process.argv.slice(2));
const runs = Number(flags.runs ?? 3);
const pages = listFlag(flags, 'pages', 'home,about,download,short-link');
const forms = listFlag(flags, 'forms', 'mobile,desktop', ['mobile', 'desktop']);
const log = (message) => console.error(`[first-visit] ${message}`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A finished plain upload (through a reserved short code): its download and short-link paths. */
async function shareOneFile(origin) {
  const bytes = Buffer.from('A first visit to a shared link.\n');
  const tiny = await api(origin, 'POST', '/tiny/instant', { originalName: 'notes.txt' });
  const plan = await api(origin, 'POST', '/upload/presign', {
    filename: 'notes.txt',
    contentType: 'text/plain',
    size: bytes.length,
    shortCode: tiny.shortCode,
    completeToken: tiny.completeToken,
  });
  const put = await fetch(plan.uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': 'text/plain' },
    body: bytes,
  });
  if (!put.ok) throw new Error(`PUT ${put.status}`);
  await api(origin, 'POST', '/upload/finalize', { objectKey: plan.objectKey, slug: plan.slug });
  return { download: `/download/${plan.slug}`, 'short-link': `/s/${tiny.shortCode}` };
}

async function lighthouseOnce(url, form) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    /** @type {{port: number, output: 'json', logLevel: 'error'}} */
    const options = { port: chrome.port, output: 'json', logLevel: 'error' };
    const config = form === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(
      url,
      { ...options, onlyCategories: ['performance'] },
      config && { ...config, settings: { ...config.settings, onlyCategories: ['performance'] } },
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    /** @type {any} the table's rows are typed per audit; this one lists requests */
    const requests = lhr.audits['network-requests']?.details;
    const scripts = (requests?.items ?? []).filter(
      (/** @type {any} */ item) => item.resourceType === 'Script',
    );
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      fcpMs: Math.round(audit('first-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      scriptTransferKiB: Math.round(
        scripts.reduce((sum, item) => sum + item.transferSize, 0) / 1024,
      ),
      scriptKiB: Math.round(scripts.reduce((sum, item) => sum + item.resourceSize, 0) / 1024),
      runtimeError: lhr.runtimeError?.message,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * One Lighthouse run that recorded the page load. Lighthouse sometimes fails to record its trace
 * (`NO_NAVSTART`, a score of 0 with no timings: about 1 run in 30 here); such a run measured
 * nothing, so it is logged and run again rather than pulling a median or a range down.
 */
async function traceableRun(url, form, label, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    const sample = await lighthouseOnce(url, form);
    log(`${label}: ${JSON.stringify(sample)}`);
    if (!sample.runtimeError) return sample;
    if (attempt === attempts) throw new Error(`${label}: Lighthouse failed ${attempts} times`);
  }
}

const app = await startApp();
try {
  const js = measureHomePageJs(`${ROOT}/packages/web/dist`);
  console.log(
    JSON.stringify({
      kind: 'home-js',
      scripts: js.scripts.length,
      bytes: js.bytes,
      gzip: js.gzip,
    }),
  );
  const shared = await shareOneFile(app.origin);
  const paths = { home: '/', about: '/about', ...shared };
  for (const form of forms) {
    for (const page of pages) {
      const url = `${app.origin}${paths[page]}`;
      const samples = [];
      for (let run = 0; run < runs; run += 1) {
        samples.push(await traceableRun(url, form, `${form} ${page} run ${run + 1}`));
      }
      const pick = (key) => median(samples.map((sample) => sample[key]));
      console.log(
        JSON.stringify({
          kind: 'lighthouse',
          form,
          page,
          runs,
          performance: pick('performance'),
          lcpMs: pick('lcpMs'),
          fcpMs: pick('fcpMs'),
          tbtMs: pick('tbtMs'),
          cls: pick('cls'),
          scriptTransferKiB: pick('scriptTransferKiB'),
          scriptKiB: pick('scriptKiB'),
          performanceRange: [
            Math.min(...samples.map((s) => s.performance)),
            Math.max(...samples.map((s) => s.performance)),
          ],
        }),
      );
    }
  }
} finally {
  await app.stop();
}
