/** Types of firefox.mjs, for the TypeScript that imports it (e2e). */
export declare const FIREFOX_PATH: string;
export declare const FIREFOX_PREFS: Record<string, string | number | boolean>;
export declare function firefoxLaunchOptions(options?: { downloadsPath?: string }): {
  channel: 'moz-firefox';
  executablePath: string;
  headless: true;
  firefoxUserPrefs: Record<string, string | number | boolean>;
  downloadsPath?: string;
};
