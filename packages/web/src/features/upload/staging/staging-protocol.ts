/** Messages between the page (part-staging.ts) and the staging worker (staging.worker.ts). */

export type StagingRequest =
  | { id: number; type: 'probe'; dir: string }
  | {
      id: number;
      type: 'stage';
      dir: string;
      name: string;
      file: Blob;
      key: CryptoKey;
      iv: Uint8Array;
      partSize: number;
      partNumber: number;
    };

export type StagingReply =
  | { id: number; ok: true; fast: boolean }
  | { id: number; ok: true; file: File }
  | { id: number; ok: false; sink: boolean; message: string };

/** Where staged parts live in the origin-private file system: one folder per upload. */
export const STAGING_ROOT = 'sealdrop-parts';
