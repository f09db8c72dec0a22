/**
 * The browsers of the e2e tests. Every browser test runs in Debian's Chromium; the core flows
 * (round trips, the waiting link, several files, passphrase, resume, truncation, the accessibility
 * sweep) also run in Debian's Firefox ESR, as `describe.each(CORE_FLOW_BROWSERS)('… in $label')`.
 * What Firefox cannot do here (choose a folder, emulate a colour scheme) stays in Chromium-only
 * tests, named as such.
 */
export type BrowserName = 'chromium' | 'firefox';

export interface BrowserUnderTest {
  name: BrowserName;
  /** How test names call it. */
  label: string;
}

export const CHROMIUM: BrowserUnderTest = { name: 'chromium', label: 'Chromium' };
export const FIREFOX: BrowserUnderTest = { name: 'firefox', label: 'Firefox' };

export const CORE_FLOW_BROWSERS: BrowserUnderTest[] = [CHROMIUM, FIREFOX];
