/**
 * The browsers of the e2e tests. Every browser test runs in Debian's Chromium; the core flows
 * (round trips, the waiting link, several files, passphrase, resume, truncation, the accessibility
 * sweep) also run in Debian's Firefox ESR, as `describe.each(CORE_FLOW_BROWSERS)('… in %s', …)`.
 * What Firefox cannot do here (choose a folder, emulate a colour scheme) stays in Chromium-only
 * tests, named as such.
 */
export type BrowserName = 'Chromium' | 'Firefox';

export const CORE_FLOW_BROWSERS: BrowserName[] = ['Chromium', 'Firefox'];
