/**
 * `sealdrop get <link> [-o path]`: the link may also come on stdin (`-`), which keeps its key out of
 * the shell history and the process list.
 */
import { text } from 'node:stream/consumers';
import { formatSize } from '@sealdrop/core/format-size';
import { configDir } from '../lib/config-dir';
import { getLink } from '../lib/download';
import { CliError, EXIT, interrupted, withResumeHint } from '../lib/errors';
import { printErr, printOut } from '../lib/output';
import { progressBar } from '../lib/progress';
import { readSecret } from '../lib/prompt';
import { isInterruption } from '../lib/receive';

export interface GetOptions {
  output?: string;
  force?: boolean;
  json?: boolean;
  progress: boolean;
}

export async function getCommand(linkArgument: string, options: GetOptions): Promise<void> {
  const link = linkArgument === '-' ? (await text(process.stdin)).trim() : linkArgument;
  if (!link) throw new CliError('No link given.', EXIT.usage);
  const controller = new AbortController();
  const onSigint = () => controller.abort(interrupted());
  process.once('SIGINT', onSigint);
  const bar = progressBar('Receiving', options.progress && !options.json);
  try {
    const result = await getLink({
      link,
      ...(options.output ? { output: options.output } : {}),
      force: options.force ?? false,
      signal: controller.signal,
      readPassphrase: () => readSecret({ label: 'Passphrase', envName: 'SEALDROP_PASSPHRASE' }),
      onWaiting: (why) =>
        printErr(
          why === 'scanning'
            ? 'The file is being checked for malware: waiting…'
            : 'The sender is still uploading: waiting…',
        ),
      onInterrupted: () => printErr('Connection lost. Resuming…'),
      onResume: (bytes) => printErr(`Resuming the unfinished download after ${formatSize(bytes)}.`),
      onProgress: (received, total) => bar.update(received, total),
      stateDir: configDir(),
    });
    bar.stop();
    if (options.json) printOut(JSON.stringify(result));
    else printOut(...result.files);
  } catch (error) {
    bar.stop();
    const failure = controller.signal.aborted ? controller.signal.reason : error;
    // The .part files stay after a cut (Ctrl-C, a connection that would not come back).
    throw isInterruption(failure) ? withResumeHint(failure) : failure;
  } finally {
    process.off('SIGINT', onSigint);
  }
}
