/**
 * Asking for a secret (a passphrase, a password) on the terminal without echoing it. Without a
 * terminal there is nobody to ask: the caller reads the environment variable instead.
 */
import { CliError, EXIT } from './errors';
import { printErr } from './output';
import { terminalText } from './terminal-text';

export async function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  const output = process.stderr;
  if (!input.isTTY) throw new CliError('No terminal to ask for the passphrase.', EXIT.usage);
  output.write(terminalText(question));
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  let answer = '';
  try {
    return await new Promise<string>((resolve, reject) => {
      const onData = (text: string) => {
        for (const char of text) {
          if (char === '\r' || char === '\n' || char === '\u0004') {
            input.off('data', onData);
            return resolve(answer);
          }
          if (char === '\u0003') {
            input.off('data', onData);
            return reject(new CliError('Interrupted.', EXIT.interrupted));
          }
          if (char === '\u007f' || char === '\b') answer = [...answer].slice(0, -1).join('');
          else if (char >= ' ') answer += char;
        }
      };
      input.on('data', onData);
    });
  } finally {
    input.setRawMode(false);
    input.pause();
    output.write('\n');
  }
}

/** A line of visible input (an email address). */
export async function promptLine(question: string): Promise<string> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

/**
 * A secret from the terminal (asked `confirm` times alike), else from `envName` when stdin is not
 * a terminal. Never echoed, logged or passed on the command line. `refuse` says why a value will
 * not do (its message and detail): asked again on a terminal, a usage error otherwise.
 */
export async function readSecret(options: {
  label: string;
  envName: string;
  confirm?: boolean;
  refuse?: (value: string) => { message: string; detail: string } | null;
}): Promise<string> {
  const { label, envName } = options;
  if (!process.stdin.isTTY) {
    const value = process.env[envName];
    if (!value) {
      throw new CliError(`${label} needed: set ${envName} (stdin is not a terminal).`, EXIT.usage);
    }
    const refusal = options.refuse?.(value);
    if (refusal) throw new CliError(refusal.message, EXIT.usage, refusal.detail);
    return value;
  }
  for (;;) {
    const first = await promptHidden(`${label}: `);
    if (!first) {
      printErr(`The ${label.toLowerCase()} must not be empty.`);
      continue;
    }
    const refusal = options.refuse?.(first);
    if (refusal) {
      printErr(refusal.message, refusal.detail);
      continue;
    }
    if (!options.confirm) return first;
    if ((await promptHidden(`${label} again: `)) === first) return first;
    printErr('They do not match. Once more.');
  }
}
