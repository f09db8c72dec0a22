/**
 * The recipient's side of a passphrase-protected link. The passphrase is only
 * handed to `unlock` (WebCrypto in this page); the form has no action and sends nothing.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LockIcon } from '../../../components/ui/icons';

export const PROTECTED_TEXT = 'This file is protected. Enter the passphrase to decrypt it.';
export const WRONG_PASSPHRASE_TEXT = 'Wrong passphrase.';
const UNLOCK_FAILED_TEXT = 'This browser could not check the passphrase. Please try again.';

export function PassphrasePrompt({ unlock }: { unlock: (passphrase: string) => Promise<boolean> }) {
  const id = useId();
  const textId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [passphrase, setPassphrase] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Typing the passphrase is the page's one task once the file is known.
  useEffect(() => input.current?.focus(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    setError(null);
    let failure: string | null;
    try {
      failure = (await unlock(passphrase)) ? null : WRONG_PASSPHRASE_TEXT;
    } catch {
      failure = UNLOCK_FAILED_TEXT;
    }
    // On success this component is replaced by the download; only a failure needs state.
    if (failure) {
      setChecking(false);
      setError(failure);
      input.current?.select();
    }
  };

  return (
    <form className="download-actions download-unlock" onSubmit={onSubmit}>
      <p id={textId} className="download-hint">
        <LockIcon size={16} />
        {PROTECTED_TEXT}
      </p>
      <label htmlFor={id} className="download-unlock__label">
        Passphrase
      </label>
      <input
        ref={input}
        id={id}
        type="password"
        className="download-unlock__input"
        autoComplete="off"
        required
        aria-describedby={textId}
        value={passphrase}
        aria-invalid={error === WRONG_PASSPHRASE_TEXT || undefined}
        onChange={(event) => setPassphrase(event.currentTarget.value)}
      />
      <Button type="submit" size="lg" block loading={checking}>
        Unlock
      </Button>
      {error ? (
        <p className="download-status download-status--error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
