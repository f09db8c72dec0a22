/**
 * Logs a person can read: one readable line per event on a terminal, JSON
 * otherwise, and the redaction of secrets holds in both.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { createSqliteTestDatabase } from '../testing/databases';
import { createTestServer, type TestServer } from '../testing/test-server';
import { listeningText, loggerOptions, wantsPrettyLogs } from './logger';

const SIGNATURE = 'a-signature-that-must-not-be-logged';
const TOKEN = 'a-bearer-token-that-must-not-be-logged';

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, destination };
}

describe('log format', () => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());

  const serve = async (format: 'pretty' | 'json' | 'auto', isTerminal: boolean) => {
    const { lines, destination } = capture();
    const config = loadConfig({ LOG_LEVEL: 'info', LOG_FORMAT: format });
    server = await createTestServer({
      database: await createSqliteTestDatabase(),
      logger: await loggerOptions(config, { isTerminal, destination }),
    });
    await server.app.inject({
      method: 'GET',
      url: `/api/health/live?sig=${SIGNATURE}`,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    return lines;
  };

  it('is pretty on a terminal: one readable line per event, secrets still redacted', async () => {
    const lines = await serve('auto', true);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).not.toMatch(/^\{/);
    expect(lines.join('\n')).toMatch(
      /INFO: req-\S+ GET \/api\/health\/live\?sig=(\[redacted\]|%5Bredacted%5D) incoming request/,
    );
    expect(lines.join('\n')).toMatch(/INFO: req-\S+ 200 in \d+ ms request completed/);
    expect(lines.join('\n')).not.toContain(SIGNATURE);
    expect(lines.join('\n')).not.toContain(TOKEN);
  });

  it('is JSON when stdout is not a terminal, secrets redacted', async () => {
    const lines = await serve('auto', false);
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    expect(entries.map((entry) => entry.msg)).toContain('incoming request');
    expect(entries.find((entry) => entry.req)?.req?.url).not.toContain(SIGNATURE);
    expect(lines.join('\n')).not.toContain(TOKEN);
  });

  it('follows LOG_FORMAT over the terminal check', async () => {
    expect(wantsPrettyLogs('json', true)).toBe(false);
    expect(wantsPrettyLogs('pretty', false)).toBe(true);
    const lines = await serve('json', true);
    expect(() => JSON.parse(lines[0] ?? '')).not.toThrow();
  });

  it('announces the loopback address as localhost, the address a browser opens', () => {
    expect(listeningText('http://127.0.0.1:8080')).toBe(
      'Sealdrop listening on http://localhost:8080',
    );
    expect(listeningText('http://[::1]:8080')).toBe('Sealdrop listening on http://localhost:8080');
    expect(listeningText('http://10.0.0.7:8080')).toBe(
      'Sealdrop listening on http://10.0.0.7:8080',
    );
  });
});
