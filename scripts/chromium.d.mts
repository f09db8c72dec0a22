/** Types of chromium.mjs, for the TypeScript that imports it (e2e). */
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
export declare function removeProfile(dir: string): void;
