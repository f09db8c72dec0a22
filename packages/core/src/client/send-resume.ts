/**
 * Whether an interrupted multipart send may go on with the key it kept (`sealdrop send`'s resume
 * state): a passphrase link's state keeps its key only as the link does, wrapped, so the state
 * alone (a backup, a synced folder) opens nothing and resuming needs the passphrase again.
 */
import { type FragmentSecrets, parseFragment } from '../crypto/fragment';
import { parseProtectedFragment, unlockSecrets } from '../crypto/passphrase';

/** What the state keeps of a new send's bare fragment: nothing when a passphrase wraps the key. */
export function stateFragment(fragment: string | null, passphrase?: string): string | null {
  return passphrase ? null : fragment;
}

/**
 * The key a resumed send goes on sealing its parts with (null for a plain send), or why this run
 * cannot go on with it: a passphrase link needs the same passphrase again, and a send started
 * without one is not turned into a protected link by adding it now.
 */
export async function resumedSecrets(
  state: { encrypt: boolean; fragment: string | null; link: string },
  passphrase: string | undefined,
): Promise<{ secrets: FragmentSecrets | null } | { refused: string }> {
  if (!state.encrypt) return { secrets: null };
  if (state.fragment) {
    if (passphrase) return { refused: RESUME_REFUSALS.hadNoPassphrase };
    const secrets = parseFragment(state.fragment);
    return secrets ? { secrets } : { refused: RESUME_REFUSALS.unreadable };
  }
  if (!passphrase) return { refused: RESUME_REFUSALS.hadPassphrase };
  const sealed = parseProtectedFragment(new URL(state.link).hash);
  if (!sealed) return { refused: RESUME_REFUSALS.unreadable };
  const secrets = await unlockSecrets(sealed, passphrase).catch(() => null);
  return secrets ? { secrets } : { refused: RESUME_REFUSALS.otherPassphrase };
}

/** Why an unfinished send is started over instead (printed on stderr). */
export const RESUME_REFUSALS = {
  unreadable: 'The unfinished send is unreadable: starting over.',
  hadNoPassphrase: 'The unfinished send of these files has no passphrase: starting over.',
  hadPassphrase: 'The unfinished send of these files has a passphrase: starting over.',
  otherPassphrase:
    'The passphrase does not open the unfinished send of these files: starting over.',
};
