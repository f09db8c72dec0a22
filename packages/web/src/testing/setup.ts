import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterEach, vi } from 'vitest';

// Preact runs effects after the next frame, by requestAnimationFrame raced with a timer whose end
// calls cancelAnimationFrame. One worker runs jsdom and node files in turn (isolate: false), so
// such a timer left by a jsdom file could end in a node file, where that function does not
// exist. Here a plain timer runs them instead; the code under test cannot tell the difference.
options.requestAnimationFrame = (callback) => {
  setTimeout(callback);
};

// findBy* and waitFor give up after 5 s, not 1: the whole suite runs one worker per core, so a
// jsdom file shares its core with server and PostgreSQL tests (one render under that load has
// taken over a second). A failing wait only takes longer to report.
configure({ asyncUtilTimeout: 5000 });

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
