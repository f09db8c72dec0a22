/**
 * `sealdrop get <link> [-o path]`: the link may also come on stdin (`-`), which keeps its key out of
 * the shell history and the process list.
 */
import { text } from 'node:stream/consumers';
import { formatFileSize } from '@sealdrop/core/format-size';
import { getLink } from '../lib/download';
import { CliError, EXIT, interrupted } from '../lib/errors';
import { progressBar } from '../lib/progress';
import { readSecret } from '../lib/prompt';

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
      onWaiting: () => process.stderr.write('The sender is still uploading: waiting…\n'),
      onResume: (bytes) =>
        process.stderr.write(`Resuming the unfinished download after ${formatFileSize(bytes)}.\n`),
      onProgress: (received, total) => bar.update(received, total),
    });
    bar.stop();
    if (options.json) {
      process.stdout.write(`${JSON.stringify(result)}\n`);
    } else {
      for (const file of result.files) process.stdout.write(`${file}\n`);
    }
  } catch (error) {
    bar.stop();
    if (controller.signal.aborted) {
      process.stderr.write('Run the same command again to resume.\n');
      throw controller.signal.reason;
    }
    throw error;
  } finally {
    process.off('SIGINT', onSigint);
  }
}
