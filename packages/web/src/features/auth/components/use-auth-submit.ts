import { type ChangeEvent, useState } from 'react';
import type { SessionOutcome } from '../../../lib/session/session-context';

/**
 * The state the login and register forms share: busy while the call runs, the error shown, and
 * `edit`, which sets a field and retires the previous error (it described the old values). On
 * success the form stays busy: the dialog closes. A failure shows the server's message, or
 * `failedMessage` when it gave none.
 */
export function useAuthSubmit(failedMessage: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const edit = (setValue: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    setValue(event.target.value);
    setError(null);
  };

  async function submit(call: () => Promise<SessionOutcome>, onSuccess: () => void) {
    setBusy(true);
    setError(null);
    const outcome = await call();
    if (outcome.success) {
      onSuccess();
      return;
    }
    setBusy(false);
    setError(outcome.serverMessage ?? failedMessage);
  }

  return { busy, error, setError, edit, submit };
}
