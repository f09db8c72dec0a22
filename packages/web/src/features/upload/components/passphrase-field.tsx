/**
 * "Passphrase" (issue 16 item 4, the premium "Enhanced security"): when set, the link carries the
 * file key only wrapped under it, so the link alone does not open the file. Others see the field
 * disabled with what premium would give them. The passphrase never leaves the browser.
 */
import { useId } from 'react';

export const PASSPHRASE_LABEL = 'Passphrase';
export const PASSPHRASE_PREMIUM_TEXT = 'Premium: protect links with a passphrase';
/** Under the card of a protected link: a mistyped or forgotten passphrase cannot be recovered. */
export const PASSPHRASE_LINK_NOTE =
  'This link opens only with the passphrase. Send the passphrase another way than the link.';

export function PassphraseField({
  value,
  onChange,
  isPremium,
  disabled = false,
}: {
  value: string;
  onChange: (passphrase: string) => void;
  isPremium: boolean;
  /** Also off for a plain (unencrypted) upload: there is no key to protect. */
  disabled?: boolean;
}) {
  const id = useId();
  const noteId = useId();
  return (
    <div className="sd-home-option sd-home-option--passphrase">
      <label htmlFor={id}>{PASSPHRASE_LABEL}</label>
      <input
        id={id}
        type="password"
        // A per-link secret, not the account's password: keep password managers from filling it.
        autoComplete="new-password"
        value={isPremium ? value : ''}
        disabled={!isPremium || disabled}
        aria-describedby={isPremium ? undefined : noteId}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {isPremium ? null : (
        <span id={noteId} className="sd-home-option__note">
          {PASSPHRASE_PREMIUM_TEXT}
        </span>
      )}
    </div>
  );
}
