/**
 * Exit codes (documented in the README "Command line" section) and the error that carries one.
 * Scripts branch on the code; people read the message (and the detail line under it).
 */
export const EXIT = {
  ok: 0,
  /** Network, server or disk failure; anything not listed below. */
  failed: 1,
  /** Bad arguments, a malformed link, a prompt needed without a terminal. */
  usage: 2,
  /** The link's file does not exist (any more): expired, deleted, spent. */
  notFound: 3,
  /** The file did not decrypt: wrong key, tampered with or cut short. Nothing is kept. */
  integrity: 4,
  /** The passphrase did not open a protected link. */
  wrongPassphrase: 5,
  /** Ctrl-C (128 + SIGINT). */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failed,
    /** A second line explaining the first, as the download page shows under its headline. */
    readonly detail?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export function interrupted(): CliError {
  return new CliError('Interrupted.', EXIT.interrupted);
}

/** The same failure with a hint under it: what to run to go on from where it stopped. */
export function withResumeHint(error: unknown): unknown {
  const hint = 'Run the same command again to resume.';
  if (error instanceof CliError) {
    return error.detail
      ? error
      : new CliError(error.message, error.exitCode, hint, { cause: error.cause });
  }
  return error instanceof Error
    ? new CliError(error.message, EXIT.failed, hint, { cause: error })
    : error;
}
