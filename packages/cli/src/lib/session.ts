/**
 * The signed-in session (sealdrop login): the server's bearer token, stored 0600 in the config
 * directory, sent with the CLI's API calls to that server only, so premium limits follow the
 * account. Never printed.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { configDir, readJson, removeFile, writeSecretJson } from './config-dir';

const sessionSchema = z.object({ server: z.string(), email: z.string(), token: z.string() });
export type Session = z.infer<typeof sessionSchema>;

export function sessionPath(dir = configDir()): string {
  return join(dir, 'session.json');
}

export async function loadSession(dir = configDir()): Promise<Session | null> {
  const parsed = sessionSchema.safeParse(await readJson(sessionPath(dir)));
  return parsed.success ? parsed.data : null;
}

/** The token for `origin`, if the stored session belongs to that server. */
export async function tokenFor(origin: string, dir = configDir()): Promise<string | null> {
  const session = await loadSession(dir);
  return session && session.server === origin ? session.token : null;
}

export function saveSession(session: Session, dir = configDir()): Promise<void> {
  return writeSecretJson(sessionPath(dir), session);
}

export function removeSession(dir = configDir()): Promise<void> {
  return removeFile(sessionPath(dir));
}
