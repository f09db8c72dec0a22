import { useState } from 'react';

/** What a settings action ended with, shown by FormFeedback. */
export interface SaveResult {
  ok: boolean;
  message: string;
}

/**
 * The state every settings action keeps: busy while one save runs, and the outcome of the last.
 * `save` clears the previous outcome first, so a stale message never stands next to a new try.
 */
export function useSettingsSave() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SaveResult | null>(null);

  async function save(run: () => Promise<SaveResult>) {
    setBusy(true);
    setResult(null);
    try {
      setResult(await run());
    } finally {
      setBusy(false);
    }
  }

  return { busy, result, setResult, save };
}
