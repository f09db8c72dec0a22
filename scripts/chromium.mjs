// Debian's Chromium for every browser run (e2e tests, benches, `npm test`'s set-up): where it is and
// the one list of launch flags (TOOLCHAIN.md says why each is there). Never a downloaded browser.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
