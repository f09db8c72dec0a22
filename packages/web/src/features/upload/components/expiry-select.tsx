/**
 * "Expires after": how long the link lives. Premium reaches 30 days (and starts
 * there); everyone else up to a day, the longer choices shown but disabled. The server enforces
 * the same limits.
 */
import { RETENTION_MS } from '@sealdrop/core/limits';
import { useId } from 'react';

const HOUR = 3600;

export const EXPIRY_CHOICES = [
  { label: '1 hour', seconds: HOUR },
  { label: '1 day', seconds: 24 * HOUR },
  { label: '7 days', seconds: 7 * 24 * HOUR },
  { label: '30 days', seconds: 30 * 24 * HOUR },
] as const;

export function defaultExpiry(isPremium: boolean): number {
  return isPremium ? 30 * 24 * HOUR : 24 * HOUR;
}

export function ExpirySelect({
  value,
  onChange,
  isPremium,
}: {
  value: number;
  onChange: (seconds: number) => void;
  isPremium: boolean;
}) {
  const id = useId();
  const maxSeconds = (isPremium ? RETENTION_MS.premium : RETENTION_MS.guest) / 1000;
  const choices = EXPIRY_CHOICES.filter((choice) => isPremium || choice.label !== '30 days');
  return (
    <div className="sd-home-option">
      <label htmlFor={id}>Expires after</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      >
        {choices.map((choice) => (
          <option
            key={choice.seconds}
            value={choice.seconds}
            disabled={choice.seconds > maxSeconds}
          >
            {choice.label}
            {choice.seconds > maxSeconds ? ' (Premium)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
