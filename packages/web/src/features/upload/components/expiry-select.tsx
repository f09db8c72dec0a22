/**
 * "Expires after": how long the link lives. The choices come from core's link options, bounded by
 * the server's retention (GET /api/config); longer ones outside the plan are shown but disabled.
 * The server enforces the same limits.
 */
import type { ExpiryOption } from '@sealdrop/core/client/link-options';
import { useId } from 'react';

export function ExpirySelect({
  value,
  onChange,
  options,
}: {
  value: number;
  onChange: (seconds: number) => void;
  options: ExpiryOption[];
}) {
  const id = useId();
  return (
    <div className="sd-home-option">
      <label htmlFor={id}>Expires after</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      >
        {options.map((choice) => (
          <option key={choice.seconds} value={choice.seconds} disabled={choice.premiumOnly}>
            {choice.label}
            {choice.premiumOnly ? ' (Premium)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
