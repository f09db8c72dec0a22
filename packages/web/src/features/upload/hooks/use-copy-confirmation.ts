/**
 * Copy to the clipboard with a short-lived confirmation. A refused clipboard write still confirms:
 * the link is visible and selectable, so the user is never stuck.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useCopyConfirmation(durationMs: number) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        // Ignored on purpose: see the module comment.
      }
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), durationMs);
    },
    [durationMs],
  );

  return { copied, copy };
}
