const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * Compact size for the upload card (spec §5 "Size display"): B/KB/MB/GB/TB, no decimals for
 * bytes or for values of 10 and above, otherwise one decimal.
 */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const decimals = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(decimals)} ${UNITS[unit]}`;
}

const LONG_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Size on the download page (spec §2): Bytes/KB/MB/GB with 2 decimals. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), LONG_UNITS.length - 1);
  const value = bytes / 1024 ** unit;
  return `${Number.parseFloat(value.toFixed(2))} ${LONG_UNITS[unit]}`;
}
