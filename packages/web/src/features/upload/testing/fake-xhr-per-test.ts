/**
 * The set-up of the upload tests that drive a component: FakeXhr in place of XMLHttpRequest for
 * each test, and after it an unmount (which aborts uploads in flight) with one turn of the event
 * loop, so the abort call lands while fetch is still mocked.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { FakeXhr } from './fake-xhr';

/** Registers the hooks in the calling file; `onSend` (default: none) answers each PUT. */
export function withFakeXhr(onSend?: (xhr: FakeXhr) => void) {
  beforeEach(() => {
    FakeXhr.reset();
    if (onSend) FakeXhr.onSend = onSend;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(async () => {
    cleanup();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** PUTs that succeed at once. */
export const withSucceedingXhr = () => withFakeXhr((xhr) => queueMicrotask(() => xhr.succeed()));
