// Debian's Firefox ESR for the browser tests' core flows and the download benches: where it is and
// how it is launched. Stock Firefox speaks WebDriver BiDi only, which playwright-core reaches through
// its `moz-firefox` channel (TOOLCHAIN-facing notes: CONTRIBUTING.md, "Firefox"). Never a downloaded
// browser.
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Preferences every Firefox of a run gets. Overlay scrollbars, as Chromium's headless mode has
 * (its `--hide-scrollbars`): headless Firefox otherwise draws 12 px classic scrollbars, and every
 * width measured differs between the two browsers.
 */
export const FIREFOX_PREFS = {
  'ui.useOverlayScrollbars': 1,
};

/** Options for playwright-core's `firefox.launch`; `downloadsPath` is where downloads land. */
export function firefoxLaunchOptions({ downloadsPath } = {}) {
  return {
    channel: 'moz-firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    firefoxUserPrefs: FIREFOX_PREFS,
    ...(downloadsPath ? { downloadsPath } : {}),
  };
}
