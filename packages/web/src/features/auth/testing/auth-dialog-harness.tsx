/** Test harness: holds the dialog mode the way the root layout does. */
import { useState } from 'react';
import type { AuthMode } from '../../../components/layout/layout.types';
import { AuthDialog } from '../components/auth-dialog';

export function AuthDialogHarness({ initial = null }: { initial?: AuthMode | null }) {
  const [mode, setMode] = useState<AuthMode | null>(initial);
  return (
    <>
      <button type="button" onClick={() => setMode('login')}>
        open login
      </button>
      <button type="button" onClick={() => setMode('register')}>
        open register
      </button>
      <p>mode:{mode ?? 'closed'}</p>
      <AuthDialog mode={mode} onModeChange={setMode} onClose={() => setMode(null)} />
    </>
  );
}
