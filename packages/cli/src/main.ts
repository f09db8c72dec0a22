/**
 * The `sealdrop` command line: send and get files with the same encryption, upload plan
 * and API as the web app, all from @sealdrop/core; report a link to its server's moderators.
 */
import { REPORT_REASONS } from '@sealdrop/core/moderation';
import { Command, CommanderError, Option } from 'commander';
import { getCommand } from './commands/get';
import { loginCommand, logoutCommand } from './commands/login';
import { DEFAULT_SERVER, expireHelp, expiriesForHelp, parseLimit } from './commands/options';
import { reportCommand } from './commands/report';
import { sendCommand } from './commands/send';
import { ApiError } from './lib/api';
import { CliError, EXIT } from './lib/errors';
import { printErr } from './lib/output';

// A reader that went away (`sealdrop send f | head -1` takes the link only) must not stop a send.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

const serverOption = () =>
  new Option('-s, --server <url>', 'Sealdrop server')
    .env('SEALDROP_SERVER')
    .default(DEFAULT_SERVER);

// `sealdrop send --help` names the expiries of the server it would send to (its /api/config).
const wantsSendHelp =
  process.argv[2] === 'send' && process.argv.some((arg) => arg === '-h' || arg === '--help');
const expireOption = new Option(
  '-e, --expire <duration>',
  expireHelp(wantsSendHelp ? await expiriesForHelp(process.argv.slice(3)) : null),
);

const program = new Command('sealdrop')
  .description(
    'Share files privately: encrypted here, stored as opaque bytes, gone when they expire.',
  )
  .version('0.1.0')
  .showHelpAfterError('(sealdrop help <command> lists its options)')
  .exitOverride();

program
  .command('send')
  .description('encrypt and upload files or folders; prints the link at once, then "ready"')
  .argument('<paths...>', 'files or folders (several make one link)')
  .addOption(serverOption())
  .addOption(expireOption)
  .option('-l, --limit <downloads>', 'downloads the link allows (1-100)', parseLimit)
  .option('-p, --passphrase', 'protect the link with a passphrase (asked, or SEALDROP_PASSPHRASE)')
  .option('--plain', 'do not encrypt (one file only); the server can read it')
  .option('--json', 'print one JSON object: link, fileId, expiresAt, bytes, seconds')
  .option('--no-progress', 'no progress bar')
  .option('--no-resume', 'keep no state: an interrupted send cannot be resumed')
  .option(
    '--follow-symlinks',
    'also send what symbolic links in a folder point to outside that folder (said on stderr)',
  )
  .action(sendCommand);

program
  .command('get')
  .description('download and decrypt a link ("-" reads the link from stdin)')
  .argument('<link>', 'the share link, with its #key (or - to read it from stdin)')
  .option('-o, --output <path>', 'file to write, or folder to write into')
  .option('-f, --force', 'overwrite files that exist, and start over from any .part there')
  .option('--json', 'print one JSON object: files, bytes, seconds')
  .option('--no-progress', 'no progress bar')
  .action(getCommand);

program
  .command('report')
  .description("report a link that breaks the server's terms (its key stays here unless asked)")
  .argument('<link>', 'the share link (or - to read it from stdin)')
  .addOption(
    new Option('-r, --reason <reason>', 'why').choices(REPORT_REASONS).makeOptionMandatory(),
  )
  .option('-d, --details <text>', 'what a moderator should know (up to 2,000 characters)')
  .option('--email <address>', 'where a moderator may answer you')
  .option('--include-key', "send the link's key so that a moderator can open the file")
  .action(reportCommand);

program
  .command('login')
  .description('sign in; the session token is stored in the config directory (0600)')
  .addOption(serverOption())
  .option('--email <address>', 'account email (else asked, or SEALDROP_EMAIL)')
  .action(loginCommand);

program
  .command('logout')
  .description('end the stored session and delete its token')
  .action(logoutCommand);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.exitCode = report(error);
}

/** Prints what went wrong (never a stack trace for expected failures) and picks the exit code. */
function report(error: unknown): number {
  if (error instanceof CommanderError) {
    // Help and version end with code 0; commander has printed its usage message already.
    return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  if (error instanceof CliError) {
    printErr(error.message, ...(error.detail ? [error.detail] : []));
    return error.exitCode;
  }
  if (error instanceof ApiError) {
    printErr(error.message);
    // 410: the file was removed, or its upload did not finish (the server's message says which).
    if (error.status === 404 || error.status === 410) return EXIT.notFound;
    return error.status === 400 ? EXIT.usage : EXIT.failed;
  }
  printErr(error instanceof Error ? error.message : String(error));
  if (process.env.SEALDROP_DEBUG && error instanceof Error)
    printErr(...(error.stack ?? '').split('\n'));
  return EXIT.failed;
}
