/**
 * "Passphrase" (the premium "Enhanced security", docs/encryption.md): when set, the link carries the
 * file key only wrapped under it, so the link alone does not open the file. Others see the field
 * disabled with what premium would give them. The passphrase never leaves the browser.
 *
 * Whoever holds the link can guess its passphrase offline, so a weak one is refused: rated by the
 * account-password meter (core's passphraseStrongEnough), explained under the field, and refused
 * when files are added (the home page then sets `refused`). The CLI refuses it the same way.
 */
import { useId } from 'react';
import { PasswordStrengthMeter } from '../../../components/form/password-strength-meter';

export const PASSPHRASE_LABEL = 'Passphrase';
export const PASSPHRASE_PREMIUM_TEXT = 'Premium: protect links with a passphrase';
/** Under the card of a protected link: a mistyped or forgotten passphrase cannot be recovered. */
export const PASSPHRASE_LINK_NOTE =
  'This link opens only with the passphrase. Send the passphrase another way than the link.';
/** Under the field while a premium user types: why a weak passphrase is not accepted. */
export const PASSPHRASE_WHY_TEXT =
  'Whoever gets the link can try passphrases on their own computer, as many as they like: a weak passphrase is not accepted.';
/** Files were added with a weak passphrase: nothing was uploaded. */
export const PASSPHRASE_TOO_WEAK_TEXT =
  'This passphrase is too weak. Use at least 8 characters of two kinds or more (capitals, small letters, numbers, symbols or spaces), then add your files again.';

export function PassphraseField({
  value,
  onChange,
  isPremium,
  disabled = false,
  refused = false,
}: {
  value: string;
  onChange: (passphrase: string) => void;
  isPremium: boolean;
  /** Also off for a plain (unencrypted) upload: there is no key to protect. */
  disabled?: boolean;
  /** Files were just refused because this passphrase is weak. */
  refused?: boolean;
}) {
  const id = useId();
  const noteId = useId();
  const errorId = useId();
  const editable = isPremium && !disabled;
  const describedBy = isPremium
    ? [editable && value ? noteId : null, refused ? errorId : null].filter(Boolean).join(' ')
    : noteId;
  return (
    <div className="sd-home-option sd-home-option--passphrase">
      <label htmlFor={id}>{PASSPHRASE_LABEL}</label>
      <input
        id={id}
        type="password"
        // A per-link secret, not the account's password: keep password managers from filling it.
        autoComplete="new-password"
        value={isPremium ? value : ''}
        disabled={!editable}
        aria-invalid={refused || undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {isPremium ? null : (
        <span id={noteId} className="sd-home-option__note">
          {PASSPHRASE_PREMIUM_TEXT}
        </span>
      )}
      {editable && value ? (
        <div className="sd-home-passphrase-strength">
          <PasswordStrengthMeter password={value} subject="Passphrase" />
          <p id={noteId} className="sd-home-option__note">
            {PASSPHRASE_WHY_TEXT}
          </p>
        </div>
      ) : null}
      {refused ? (
        <p id={errorId} role="alert" className="sd-home-passphrase-error">
          {PASSPHRASE_TOO_WEAK_TEXT}
        </p>
      ) : null}
    </div>
  );
}
