/**
 * "Download limit": how many downloads the link allows before it stops working
 * and its file is deleted. "1 download" is burn-after-reading. The server counts and enforces it.
 */
import { useId } from 'react';

export const DOWNLOAD_LIMIT_CHOICES = [
  { label: '1 download', limit: 1 },
  { label: '5 downloads', limit: 5 },
  { label: '20 downloads', limit: 20 },
  { label: '100 downloads', limit: 100 },
  { label: 'Unlimited', limit: null },
] as const;

/** null = unlimited, the default. */
export type DownloadLimit = number | null;

export function DownloadLimitSelect({
  value,
  onChange,
}: {
  value: DownloadLimit;
  onChange: (limit: DownloadLimit) => void;
}) {
  const id = useId();
  return (
    <div className="sd-home-option">
      <label htmlFor={id}>Download limit</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          onChange(chosen === '' ? null : Number(chosen));
        }}
      >
        {DOWNLOAD_LIMIT_CHOICES.map((choice) => (
          <option key={choice.label} value={choice.limit ?? ''}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
