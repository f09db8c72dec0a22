/**
 * A link can name any server. This one answers like Sealdrop, with escape sequences in every
 * text it controls: error messages, a file name, an account's email. A terminal obeys them (OSC 52
 * writes the clipboard, CSI 2J clears the screen), so the CLI prints none of them: checked on its
 * captured output and on a real pseudo-terminal (util-linux `script`).
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli, tempDir } from './support/cli';

const ESC = '\u001b';
/** Copies a command into the clipboard, clears the screen and scrollback, homes the cursor. */
const ATTACK = `${ESC}]52;c;cm0gLXJmIH4vKgo=\u0007${ESC}[2J${ESC}[3J${ESC}[H\u009b2J`;
const MESSAGE = `Link refused${ATTACK} by the server`;
/** What the terminal may show of the message: the words, nothing of the sequences. */
const SHOWN = 'Link refused by the server';
const NAME = `report${ATTACK}\u202Efdp.exe`;

let server: Server;
let origin: string;
let work: string;

/** Answers as a Sealdrop server would, with the attack in each text it sends. */
function hostileServer(): Server {
  const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
  const routes: Record<string, () => { status: number; body: string }> = {
    'GET /api/s/Refused0001': () => json(400, { status: 'error', message: MESSAGE }),
    'GET /api/s/Named000001': () =>
      json(200, { status: 'success', data: { downloadUrl: '/download/Named000001' } }),
    'GET /api/files/Named000001/info': () =>
      json(200, {
        status: 'success',
        data: {
          fileId: 'Named000001',
          originalName: NAME,
          size: 5,
          contentType: 'text/plain',
          isEncrypted: false,
          status: 'ready',
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
      }),
    'GET /api/files/Named000001/download': () => ({ status: 200, body: 'hello' }),
    'GET /api/s/Forbid00001': () =>
      json(200, { status: 'success', data: { downloadUrl: '/download/Forbid00001' } }),
    'GET /api/files/Forbid00001/info': () =>
      json(200, {
        status: 'success',
        data: { originalName: 'x', size: 5, contentType: '', isEncrypted: false, status: 'ready' },
      }),
    'GET /api/files/Forbid00001/download': () => json(403, { status: 'error', message: MESSAGE }),
    'POST /api/auth/login': () =>
      json(200, {
        status: 'success',
        data: { token: 'token', user: { email: `me${ATTACK}@example.com` } },
      }),
  };
  return createServer((request, response) => {
    const route = routes[`${request.method} ${request.url}`];
    const answer = route ? route() : json(404, { status: 'error', message: MESSAGE });
    request.resume();
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(answer.body);
  });
}

beforeAll(async () => {
  server = hostileServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  work = tempDir();
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const env = () => ({ SEALDROP_CONFIG_DIR: join(work, 'config'), SEALDROP_SERVER: origin });

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u202e]/;

/** No escape, no control character but the line breaks, no bidirectional override. */
function expectInert(output: string) {
  expect(output).not.toMatch(CONTROL_BUT_LINE_BREAKS);
  expect(output).not.toContain('52;c;');
  expect(output).not.toContain('cm0gLXJmIH4vKgo=');
}

describe('what a hostile server sends, as the CLI prints it', () => {
  it('prints an error message of the server without its escape sequences', async () => {
    const got = await runCli(['get', `${origin}/s/Refused0001`], { env: env(), cwd: work });
    expect(got.code).toBe(2);
    expect(got.stderr).toBe(`${SHOWN}\n`);
    expectInert(got.stdout + got.stderr);
  });

  it('prints a refused download the same way', async () => {
    const got = await runCli(['get', `${origin}/s/Forbid00001`], { env: env(), cwd: work });
    expect(got.code).toBe(1);
    expect(got.stderr).toBe(`${SHOWN}\n`);
  });

  it('writes and prints a file name with its hidden characters shown, never obeyed', async () => {
    const out = tempDir();
    const got = await runCli(['get', `${origin}/s/Named000001`, '-o', out], {
      env: env(),
      cwd: work,
    });
    expect(got.code, got.stderr).toBe(0);
    const [saved] = readdirSync(out);
    expect(saved).toBe(
      'report[U+001B]]52;c;cm0gLXJmIH4vKgo=[U+0007][U+001B][2J[U+001B][3J[U+001B][H[U+009B]2J[U+202E]fdp.exe',
    );
    expect(got.stdout).toBe(`${join(out, saved!)}\n`);
    expect(got.stdout + got.stderr).not.toMatch(CONTROL_BUT_LINE_BREAKS);
  });

  it('prints the email a server signed in with, without its escape sequences', async () => {
    const got = await runCli(['login', '--email', 'me@example.com'], {
      env: { ...env(), SEALDROP_PASSWORD: 'whatever' },
      cwd: work,
    });
    expect(got.code, got.stderr).toBe(0);
    expect(got.stderr).toBe(`Signed in to ${origin} as me@example.com.\n`);
  });

  it('sends nothing of the attack to a real terminal (a pseudo-terminal from script)', async () => {
    // script runs the CLI on a pseudo-terminal and copies all it wrote there: what a person's
    // terminal would have received, progress bar and prompts included.
    const command = `"${process.execPath}" "${BIN}" get "${origin}/s/Refused0001"`;
    const { stdout } = await promisify(execFile)('script', ['-qfec', command, '/dev/null'], {
      env: { ...process.env, ...env(), TERM: 'xterm-256color' },
      cwd: work,
    }).catch((error: { stdout: string; code: number }) => {
      expect(error.code).toBe(2);
      return error;
    });
    expect(stdout.replaceAll('\r\n', '\n')).toBe(`${SHOWN}\n`);
    expectInert(stdout.replaceAll('\r\n', '\n'));
  });
});
