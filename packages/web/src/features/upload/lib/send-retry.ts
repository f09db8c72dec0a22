/**
 * How the page sends with core's retry policy: a long limit (a network outage of many minutes does
 * not end an upload; only Cancel does), a pause while the browser is offline that continues on the
 * `online` event, and a listener for the "Connection lost. Retrying…" state.
 */
import {
  browserConnectivity,
  type RetryEvent,
  type RetryOptions,
  type RetryPolicy,
  UPLOAD_RETRY,
} from '@sealdrop/core/client/retry';
import { isRetryable } from './upload-errors';

export interface SendRetry {
  /** Overrides of the upload policy (tests pass short waits). */
  policy?: Partial<RetryPolicy>;
  /** A request failed and will be tried again, after `delayMs` or once back online. */
  onRetry?: (event: RetryEvent) => void;
  /** Whether the browser is online, and a wait for it; default: `navigator.onLine` and `online`. */
  connectivity?: Pick<RetryOptions, 'isOnline' | 'waitUntilOnline'>;
}

export function sendRetryOptions(retry: SendRetry | undefined, signal?: AbortSignal): RetryOptions {
  const connectivity =
    retry?.connectivity ?? (typeof window === 'undefined' ? {} : browserConnectivity(window));
  return {
    policy: { ...UPLOAD_RETRY, ...retry?.policy },
    shouldRetry: isRetryable,
    ...connectivity,
    ...(retry?.onRetry ? { onRetry: retry.onRetry } : {}),
    ...(signal ? { signal } : {}),
  };
}
