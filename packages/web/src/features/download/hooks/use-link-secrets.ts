/**
 * Turns the link's fragment into the file key and iv the rest of the download page works with.
 * An unprotected link (`key=…&iv=…`) is open at once; a passphrase-protected one (`wkey=…`,
 * docs/encryption.md) is locked until `unlock` is given the right passphrase. Either way the
 * fragment and the passphrase only ever go to WebCrypto: nothing here makes a request.
 */
import type { FragmentSecrets } from '@sealdrop/core/crypto/fragment';
import { parseFragment } from '@sealdrop/core/crypto/fragment';
import {
  parseProtectedFragment,
  unlockSecrets,
  WrongPassphraseError,
} from '@sealdrop/core/crypto/passphrase';
import { useCallback, useMemo, useState } from 'react';

export type LinkSecrets =
  /** No usable key in the fragment (none, mangled, or a kind this version does not know). */
  | { status: 'missing' }
  | { status: 'open'; secrets: FragmentSecrets }
  /** Resolves true once unlocked, false for a wrong passphrase (the caller may try again). */
  | { status: 'locked'; unlock: (passphrase: string) => Promise<boolean> };

export function useLinkSecrets(hash: string): LinkSecrets {
  const open = useMemo(() => parseFragment(hash), [hash]);
  const sealed = useMemo(() => (open ? null : parseProtectedFragment(hash)), [open, hash]);
  // Tied to the hash it unlocked, so another link in the same page starts locked again.
  const [unlocked, setUnlocked] = useState<{ hash: string; secrets: FragmentSecrets } | null>(null);

  const unlock = useCallback(
    async (passphrase: string) => {
      if (!sealed) return false;
      try {
        setUnlocked({ hash, secrets: await unlockSecrets(sealed, passphrase) });
        return true;
      } catch (error) {
        if (error instanceof WrongPassphraseError) return false;
        throw error;
      }
    },
    [sealed, hash],
  );

  if (open) return { status: 'open', secrets: open };
  if (!sealed) return { status: 'missing' };
  if (unlocked?.hash === hash) return { status: 'open', secrets: unlocked.secrets };
  return { status: 'locked', unlock };
}
