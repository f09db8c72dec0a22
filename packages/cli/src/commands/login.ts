/**
 * `sealdrop login` / `sealdrop logout`: a session of the server's own accounts (POST /auth/login),
 * its token kept 0600 in the config directory for the CLI's later requests to that server.
 */
import type { AuthResult } from '@sealdrop/core/api-auth-schemas';
import { createApi, serverOrigin } from '../lib/api';
import { CliError, EXIT } from '../lib/errors';
import { printErr } from '../lib/output';
import { promptLine, readSecret } from '../lib/prompt';
import { loadSession, removeSession, saveSession } from '../lib/session';

export async function loginCommand(options: { server: string; email?: string }): Promise<void> {
  const origin = serverOrigin(options.server);
  const email =
    options.email ??
    process.env.SEALDROP_EMAIL ??
    (process.stdin.isTTY ? await promptLine('Email: ') : '');
  if (!email) throw new CliError('Email needed: --email or SEALDROP_EMAIL.', EXIT.usage);
  const password = await readSecret({ label: 'Password', envName: 'SEALDROP_PASSWORD' });
  const { user, token } = await createApi(origin).request<AuthResult>('/auth/login', {
    method: 'POST',
    body: { email, password },
  });
  await saveSession({ server: origin, email: user.email, token });
  printErr(`Signed in to ${origin} as ${user.email}.`);
}

export async function logoutCommand(): Promise<void> {
  const session = await loadSession();
  if (!session) {
    printErr('Not signed in.');
    return;
  }
  // Ends the session on the server too, so the token is worthless even if copied.
  await createApi(session.server, session.token)
    .request('/auth/logout', { method: 'POST' })
    .catch(() => {});
  await removeSession();
  printErr(`Signed out of ${session.server}.`);
}
