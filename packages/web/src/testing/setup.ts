import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Every test starts from a clean page: unmounted, nothing stored, no stubbed globals or spies,
// real timers. A file's own afterEach runs before this one. Files that run under node (no
// localStorage there) share this set-up too.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  globalThis.localStorage?.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
