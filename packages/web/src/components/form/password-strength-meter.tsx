import { passwordChecklist, passwordStrength } from '@sealdrop/core/password-strength';
import { CheckIcon } from '../ui/icons';
import './password-strength-meter.css';

const CHECKLIST = [
  { key: 'length', label: 'At least 6 characters' },
  { key: 'uppercase', label: 'Uppercase letter' },
  { key: 'lowercase', label: 'Lowercase letter' },
  { key: 'number', label: 'Number' },
] as const;

/**
 * The weak / medium / strong meter and the four-item checklist. A link's
 * passphrase is rated by the same meter (`subject` "Passphrase").
 */
export function PasswordStrengthMeter({
  password,
  subject = 'Password',
}: {
  password: string;
  subject?: 'Password' | 'Passphrase';
}) {
  const strength = passwordStrength(password);
  const checks = passwordChecklist(password);
  return (
    <div className="sd-strength">
      {password ? (
        <div className={`sd-strength__meter sd-strength--${strength}`} data-strength={strength}>
          <span className="sd-strength__bar" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span className="sd-strength__label">
            {subject} strength: <strong className="sd-strength__value">{strength}</strong>
          </span>
        </div>
      ) : null}
      <ul className="sd-checklist" aria-label={`${subject} requirements`}>
        {CHECKLIST.map(({ key, label }) => {
          const met = checks[key];
          return (
            <li
              key={key}
              className={met ? 'sd-checklist__item met' : 'sd-checklist__item'}
              data-met={met}
            >
              <CheckIcon size={14} className="sd-checklist__icon" />
              <span>{label}</span>
              <span className="sr-only">{met ? ' (done)' : ' (missing)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
