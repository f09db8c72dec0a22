/**
 * `sealdrop send <file|folder>…`: prints the link as soon as it exists, then "ready" once the
 * server has the whole file. With --json, one JSON object at the end instead.
 */
import { existsSync } from 'node:fs';
import { passphraseStrongEnough } from '@sealdrop/core/password-strength';
import { createApi, serverOrigin } from '../lib/api';
import { configDir } from '../lib/config-dir';
import { CliError, EXIT, interrupted, withResumeHint } from '../lib/errors';
import { collectFiles } from '../lib/local-files';
import { printErr, printOut } from '../lib/output';
import { progressBar } from '../lib/progress';
import { readSecret } from '../lib/prompt';
import { sendStateStore } from '../lib/send-state';
import { tokenFor } from '../lib/session';
import { sendFiles } from '../lib/upload';
import { expirySeconds, serverExpiries } from './options';

/**
 * A weak passphrase is refused, as the web page's "Passphrase" field does (the account-password
 * meter of core/password-strength.ts): the link carries the wrapped key, so guessing is offline.
 */
export const WEAK_PASSPHRASE_MESSAGE =
  'The passphrase is too weak: use at least 8 characters of two kinds or more (capitals, small letters, numbers, symbols or spaces).';
export const WEAK_PASSPHRASE_DETAIL =
  'Whoever gets the link can try passphrases on their own computer, as many as they like.';

export interface SendOptions {
  server: string;
  /** `--expire`: checked against the server's choices (its /api/config) before anything else. */
  expire?: string;
  limit?: number;
  passphrase?: boolean;
  plain?: boolean;
  json?: boolean;
  progress: boolean;
  /** --no-resume: no state kept, an interrupted send is dropped on the server. */
  resume: boolean;
  /** Follow symbolic links that point outside a folder being sent. */
  followSymlinks?: boolean;
}

export async function sendCommand(paths: string[], options: SendOptions): Promise<void> {
  const origin = serverOrigin(options.server);
  const expiresIn = options.expire
    ? expirySeconds(options.expire, await serverExpiries(createApi(origin)))
    : undefined;
  const files = await collectFiles(paths, {
    followSymlinks: options.followSymlinks ?? false,
    onNotice: (text) => printErr(text),
  });
  if (options.plain && options.passphrase) {
    throw new CliError(
      '--passphrase protects the key of an encrypted send: not with --plain.',
      EXIT.usage,
    );
  }
  const passphrase = options.passphrase
    ? await readSecret({
        label: 'Passphrase',
        envName: 'SEALDROP_PASSPHRASE',
        confirm: true,
        refuse: (value) =>
          passphraseStrongEnough(value)
            ? null
            : { message: WEAK_PASSPHRASE_MESSAGE, detail: WEAK_PASSPHRASE_DETAIL },
      })
    : undefined;
  const dir = configDir();
  const api = createApi(origin, await tokenFor(origin, dir));
  const controller = new AbortController();
  const onSigint = () => controller.abort(interrupted());
  process.once('SIGINT', onSigint);
  const bar = progressBar('Sending', options.progress && !options.json);
  const store = options.resume ? sendStateStore(dir, origin, files) : null;
  // Said once per outage: parts that fail together, and each wait, would repeat it.
  let lost = false;
  try {
    const result = await sendFiles({
      api,
      files,
      encrypt: !options.plain,
      ...(passphrase ? { passphrase } : {}),
      ...(expiresIn ? { expiresIn } : {}),
      ...(options.limit ? { downloadLimit: options.limit } : {}),
      signal: controller.signal,
      store,
      onLink: (link, expiresAt, resumed) => {
        if (resumed) printErr('Resuming the unfinished send of these files.');
        if (options.json) return;
        printOut(link);
        printErr(`Expires ${new Date(expiresAt).toLocaleString()}`);
      },
      onProgress: (sent, total) => {
        bar.update(sent, total);
        lost = false;
      },
      onRetry: () => {
        if (!lost) printErr('Connection lost. Retrying…');
        lost = true;
      },
      onNotice: (text) => printErr(text),
      onScanning: () => printErr('Checking the file for malware…'),
    });
    bar.stop();
    if (options.json) {
      const { link, fileId, expiresAt, bytes, seconds, resumed, partsSent } = result;
      const json = { link, fileId, expiresAt, bytes, seconds, resumed, partsSent };
      printOut(JSON.stringify(json));
    } else {
      printOut('ready');
    }
  } catch (error) {
    bar.stop();
    const failure = controller.signal.aborted ? controller.signal.reason : error;
    // The state outlives the failure (Ctrl-C, network, server down): the same command goes on.
    throw store && existsSync(store.path) ? withResumeHint(failure) : failure;
  } finally {
    process.off('SIGINT', onSigint);
  }
}
