import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteTestDatabase } from '../../testing/databases';
import { createTestServer, type TestServer } from '../../testing/test-server';

const HTML = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<p>Sealdrop</p>'.repeat(50)}</body></html>`;
const SHORT_LINK_HTML = HTML.replace(
  '</head>',
  '<script async src="/assets/early-Ee5.js"></script></head>',
);
const SCRIPT = `export const page = ${JSON.stringify('x'.repeat(4000))};\n//# sourceMappingURL=index-AbC123.js.map`;

describe('the web build as the server serves it', () => {
  let webDist: string;
  let server: TestServer;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'sealdrop-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), HTML);
    // As packages/web/build/short-link-page.ts writes it: index.html with the early script.
    writeFileSync(join(webDist, 'short-link.html'), SHORT_LINK_HTML);
    writeFileSync(join(webDist, 'robots.txt'), 'User-agent: *\nDisallow: /download/\n');
    writeFileSync(join(webDist, 'assets/index-AbC123.js'), SCRIPT);
    writeFileSync(join(webDist, 'assets/index-AbC123.js.map'), '{"version":3,"sources":["a.ts"]}');
    // As packages/web/build/page-scripts.ts writes it: each page's scripts beyond the app's own.
    mkdirSync(join(webDist, '.vite'));
    writeFileSync(
      join(webDist, '.vite/page-scripts.json'),
      JSON.stringify({
        about: ['/assets/about-page-Xy1.js', '/assets/marketing-Zz2.js'],
        download: ['/assets/download-page-Dd3.js', '/assets/download-page-Cc4.css'],
      }),
    );
    // As the web build leaves them (packages/web/build/compress.ts): a copy of each text file.
    for (const file of ['index.html', 'assets/index-AbC123.js']) {
      const plain = readFileSync(join(webDist, file));
      writeFileSync(join(webDist, `${file}.br`), brotliCompressSync(plain));
      writeFileSync(join(webDist, `${file}.gz`), gzipSync(plain));
    }
    server = await createTestServer({
      database: await createSqliteTestDatabase(),
      env: { SERVE_WEB: 'true', WEB_DIST: webDist },
    });
  });

  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });

  it('sends the brotli copy to a browser that accepts it, with the type and length of that copy', async () => {
    const response = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser without brotli, and the plain file to one without either', async () => {
    const gzipped = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('lets browsers keep hashed assets for a year and check the page itself every time', async () => {
    const asset = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get('/', { 'accept-encoding': 'br' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(HTML);
  });

  it('answers the pages of the app with 200 and any other path with the app (its not-found page) and 404', async () => {
    for (const url of ['/', '/about', '/download/abc?x=1', '/s/Xy7aB2', '/admin', '/terms']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(url.startsWith('/s/') ? SHORT_LINK_HTML : HTML);
    }
    for (const url of ['/nope', '/about/more', '/wp-login.php', '/assets/gone-123.js']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toBe(HTML);
    }
  });

  const CONFIG_PRELOAD = '</api/config>; rel=preload; as=fetch; crossorigin';

  it("names a page's own scripts and style sheets in a Link header, so they come with the app's", async () => {
    const about = await get('/about');
    expect(about.headers.link).toBe(
      `${CONFIG_PRELOAD}, </assets/about-page-Xy1.js>; rel=modulepreload, </assets/marketing-Zz2.js>; rel=modulepreload`,
    );
    const download = await get('/download/abc?x=1');
    expect(download.headers.link).toBe(
      `${CONFIG_PRELOAD}, </assets/download-page-Dd3.js>; rel=modulepreload, </assets/download-page-Cc4.css>; rel=preload; as=style; crossorigin`,
    );
    // The home page's script is index.html's own; a missing page loads nothing more.
    expect((await get('/')).headers.link).toBe(CONFIG_PRELOAD);
    expect((await get('/nope')).headers.link).toBeUndefined();
  });

  it("preloads the file's info on its download page and its short link's, so the page does not wait for its script to ask", async () => {
    const info = '</api/files/AbCdEf123456/info>; rel=preload; as=fetch; crossorigin';
    const download = await get('/download/AbCdEf123456#key=k');
    expect(String(download.headers.link).startsWith(`${info}, ${CONFIG_PRELOAD}, </assets/`)).toBe(
      true,
    );
    // A short link's code is its file's id; resolving it counts a click, so it is never preloaded.
    const shortLink = await get('/s/AbCdEf123456');
    expect(shortLink.headers.link).toBe(`${info}, ${CONFIG_PRELOAD}`);
    expect(shortLink.headers.link).not.toContain('/api/s/');
  });

  it('puts nothing of a path that is no valid file id into the header', async () => {
    for (const url of [
      '/download/abc',
      '/download/AbCdEf123456%3E%3B%20rel%3Dpreload',
      '/download/AbCdEf12345%2F..%2Fx',
      '/s/short',
      `/s/${'a'.repeat(33)}`,
      '/download',
      '/s',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers.link ?? '', url).not.toContain('/api/files/');
    }
  });

  it("answers a short link with its own page, which resolves the code before the app's script has come", async () => {
    const shortLink = await get('/s/AbCdEf123456');
    expect(shortLink.statusCode).toBe(200);
    expect(shortLink.body).toBe(SHORT_LINK_HTML);
    expect(shortLink.headers['cache-control']).toBe('no-cache');
    for (const url of ['/', '/download/AbCdEf123456', '/about']) {
      expect((await get(url)).body, url).toBe(HTML);
    }
    // The file is that page, not a page of its own path.
    const direct = await get('/short-link.html');
    expect(direct.statusCode).toBe(404);
    expect(direct.body).toBe(HTML);
  });

  it('keeps source maps and the compressed copies off the public site, and has a robots.txt', async () => {
    expect((await get('/assets/index-AbC123.js.map')).body).toBe(HTML);
    expect((await get('/assets/index-AbC123.js.map')).statusCode).toBe(404);
    expect((await get('/assets/index-AbC123.js.br')).statusCode).toBe(404);
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('User-agent: *');
  });

  it('keeps the JSON not-found answer for the API', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'error' });
  });
});
