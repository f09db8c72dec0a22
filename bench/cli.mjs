// The command-line client against a plain upload by curl of the same file, same server,
// same run: curl PUTs the file's parts (split beforehand, 4 at a time, as the server's plan says)
// with no encryption; then `sealdrop send` (encrypted, and --plain) and `sealdrop get`. Reports
// MiB/s and the CLI's peak RSS (VmHWM); the download is checked byte for byte. Usage:
//   node bench/cli.mjs [--sizes 1G,5G] [--drivers local,s3]
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { api, ROOT, startApp } from './lib/app.mjs';
import { listFlag, MiB, mibPerSecond, parseFlags, parseSize, toMiB } from './lib/args.mjs';
import { sha256OfFile, TMP_DIR, writeRandomFile } from './lib/files.mjs';

const run = promisify(execFile);
const flags = parseFlags(process.argv.slice(2));
const sizes = listFlag(flags, 'sizes', '1G').map((text) => ({ text, bytes: parseSize(text) }));
const drivers = listFlag(flags, 'drivers', 'local', ['local', 's3']);
const BIN = join(ROOT, 'packages/cli/bin/sealdrop.mjs');
const log = (message) => console.error(`[cli] ${message}`);

/** Runs the CLI; answers its stdout, wall time and peak RSS (VmHWM, read until it exits). */
function sealdrop(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let peak = 0;
    const sample = () => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        peak = Math.max(peak, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024);
      } catch {
        // exited
      }
    };
    const timer = setInterval(sample, 20);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => {
      clearInterval(timer);
      const ms = performance.now() - started;
      if (code !== 0) reject(new Error(`sealdrop ${args[0]} exited ${code}: ${stderr}`));
      else resolve({ stdout, ms, peakRss: peak });
    });
  });
}

/** A plain upload the way a script would do it with curl: presign, parts in parallel, finalize. */
async function curlUpload(origin, path, size, partsDir) {
  const started = performance.now();
  const presign = await api(origin, 'POST', '/upload/presign', {
    filename: 'plain.bin',
    size,
    isEncrypted: false,
  });
  const plan = presign.multipart;
  if (!plan) {
    await run('curl', ['-sf', '-T', path, presign.uploadUrl, '-o', '/dev/null']);
  } else {
    let urls = plan.parts;
    if (urls.length < plan.partCount) {
      const missing = Array.from({ length: plan.partCount }, (_, i) => i + 1).filter(
        (n) => !urls.some((part) => part.partNumber === n),
      );
      for (let i = 0; i < missing.length; i += 1000) {
        const more = await api(origin, 'POST', '/upload/parts', {
          objectKey: presign.objectKey,
          uploadId: plan.uploadId,
          partNumbers: missing.slice(i, i + 1000),
        });
        urls = urls.concat(more.parts);
      }
    }
    // One line per part as it finishes: its URL and the ETag that finalize needs.
    const args = ['-s', '--parallel', '--parallel-max', String(presign.concurrency)];
    args.push('-w', '%{url}|%{http_code}|%header{etag}\\n');
    const byUrl = new Map();
    for (const { partNumber, url } of urls) {
      byUrl.set(url, partNumber);
      const part = join(partsDir, `part-${String(partNumber).padStart(5, '0')}`);
      args.push('-T', part, '-o', '/dev/null', url);
    }
    const { stdout } = await run('curl', args, { maxBuffer: 16 * MiB });
    const parts = stdout
      .trim()
      .split('\n')
      .map((line) => {
        const [url, status, etag] = line.split('|');
        if (status !== '200') throw new Error(`curl PUT answered ${status}`);
        return { partNumber: byUrl.get(url), etag };
      })
      .sort((a, b) => a.partNumber - b.partNumber);
    await api(origin, 'POST', '/upload/finalize', {
      objectKey: presign.objectKey,
      slug: presign.slug,
      parts,
    });
    return { ms: performance.now() - started, partSize: plan.partSize };
  }
  await api(origin, 'POST', '/upload/finalize', {
    objectKey: presign.objectKey,
    slug: presign.slug,
  });
  return { ms: performance.now() - started, partSize: size };
}

/** The file cut at the server's part size, so curl can PUT each part (not timed). */
async function splitParts(path, partSize, dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await run('split', ['-b', String(partSize), '-a', '5', '-d', path, join(dir, 'part-')]);
  // split numbers from 00000; the server's parts from 1.
  const names = readdirSync(dir).sort().reverse();
  for (const name of names) {
    const n = Number(name.slice(5)) + 1;
    renameSync(join(dir, name), join(dir, `part-${String(n).padStart(5, '0')}`));
  }
}

mkdirSync(TMP_DIR, { recursive: true });
for (const size of sizes) {
  const source = join(TMP_DIR, `cli-${size.text}.bin`);
  log(`${size.text}: writing the file`);
  const sourceHash = writeRandomFile(source, size.bytes);
  for (const driver of drivers) {
    const app = await startApp({ driver });
    const config = join(TMP_DIR, `cli-config-${driver}`);
    const env = { SEALDROP_SERVER: app.origin, SEALDROP_CONFIG_DIR: config };
    const partsDir = join(TMP_DIR, `cli-parts-${size.text}`);
    const out = join(TMP_DIR, `cli-${size.text}-out.bin`);
    try {
      const { partSize } = await api(app.origin, 'GET', '/config');
      await splitParts(source, partSize, partsDir);
      log(`${size.text} ${driver}: curl plain upload`);
      const curl = await curlUpload(app.origin, source, size.bytes, partsDir);
      rmSync(partsDir, { recursive: true, force: true });
      log(`${size.text} ${driver}: sealdrop send`);
      const send = await sealdrop(['send', source, '--json', '--no-progress'], env);
      const link = JSON.parse(send.stdout).link;
      log(`${size.text} ${driver}: sealdrop send --plain`);
      const plain = await sealdrop(['send', source, '--plain', '--json', '--no-progress'], env);
      log(`${size.text} ${driver}: sealdrop get`);
      rmSync(out, { force: true });
      const get = await sealdrop(['get', link, '-o', out, '--json', '--no-progress'], env);
      const verified = (await sha256OfFile(out)) === sourceHash;
      const row = (measured) => ({
        MiBs: mibPerSecond(size.bytes, measured.ms),
        seconds: +(measured.ms / 1000).toFixed(2),
        peakRssMiB: toMiB(measured.peakRss),
      });
      const curlMiBs = mibPerSecond(size.bytes, curl.ms);
      console.log(
        JSON.stringify({
          kind: 'cli',
          size: size.text,
          bytes: size.bytes,
          driver,
          curlPlainUpload: { MiBs: curlMiBs, seconds: +(curl.ms / 1000).toFixed(2) },
          send: row(send),
          sendPlain: row(plain),
          get: row(get),
          sendVsCurl: +(mibPerSecond(size.bytes, send.ms) / curlMiBs).toFixed(2),
          verified,
        }),
      );
    } finally {
      rmSync(out, { force: true });
      rmSync(partsDir, { recursive: true, force: true });
      rmSync(config, { recursive: true, force: true });
      await app.stop();
    }
  }
  rmSync(source, { force: true });
}
