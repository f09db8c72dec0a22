import { type RefObject, useEffect, useRef } from 'react';
import { renewalDueAt } from './token-expiry';

/** A renewal that failed without ending the session (offline, server error) is tried again after this. */
export const RENEW_RETRY_MS = 60_000;
// setTimeout holds at most 2^31 - 1 ms; a longer wait is taken in steps.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** How a renewal ended; `superseded`: the session changed in this tab while it ran. */
export type Renewal = 'renewed' | 'expired' | 'failed' | 'superseded';

/**
 * Renews the signed-in `token` before it expires: a timer while the tab runs, and a check when
 * the tab is shown, focused or back online, because timers stall while a computer sleeps.
 * Any other outcome than `failed` changes the token, which starts a new schedule; a failed
 * attempt is tried again later. `clockOffset`: how far this clock runs ahead of the server's.
 */
export function useRenewalSchedule(
  token: string | null,
  renew: (due: string) => Promise<Renewal>,
  clockOffset: RefObject<number>,
) {
  const renewRef = useRef(renew);
  useEffect(() => {
    renewRef.current = renew;
  });

  useEffect(() => {
    if (!token) return;
    let dueAt = renewalDueAt(token, Date.now(), clockOffset.current);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(check, Math.min(Math.max(dueAt - Date.now(), 0), MAX_TIMER_MS));
    };
    const attempt = async () => {
      clearTimeout(timer);
      if ((await renewRef.current(token)) !== 'failed' || stopped) return;
      dueAt = Date.now() + RENEW_RETRY_MS;
      arm();
    };
    function check() {
      if (Date.now() >= dueAt) void attempt();
      else arm();
    }
    const onWake = () => {
      if (document.visibilityState !== 'hidden') check();
    };

    arm();
    document.addEventListener('visibilitychange', onWake);
    window.addEventListener('focus', onWake);
    window.addEventListener('online', onWake);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onWake);
      window.removeEventListener('focus', onWake);
      window.removeEventListener('online', onWake);
    };
  }, [token, clockOffset]);
}
