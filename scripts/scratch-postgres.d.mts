/** Types of scratch-postgres.mjs, for the TypeScript that imports it (fault tests, fixture maker). */
export declare const POSTGRES_URL: string;

export interface ScratchDatabase {
  url: string;
  drop: () => Promise<void>;
}

export declare function createScratchDatabase(prefix: string): Promise<ScratchDatabase>;
