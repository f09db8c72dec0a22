import { createHmac, timingSafeEqual } from 'node:crypto';
import { storageErrors } from './storage.errors';

export type SignedOperation = 'put' | 'part' | 'get';

/** What a signed local-storage URL allows: one operation on one key until `expiresAt`. */
export interface StorageGrant {
  op: SignedOperation;
  key: string;
  /** Unix time in seconds. */
  expiresAt: number;
  size?: number;
  uploadId?: string;
  partNumber?: number;
  fileName?: string;
}

type Query = Record<string, unknown>;

const MIN_SECRET_LENGTH = 32;

/**
 * HMAC-SHA256 over every granted field, so no parameter can be changed, added or dropped. The
 * operation is signed too (it is not in the query): a download link cannot be replayed as an upload.
 */
export function createUrlSigner({ secret }: { secret: string }) {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`The storage signing secret must be at least ${MIN_SECRET_LENGTH} characters.`);
  }

  const mac = (grant: StorageGrant) =>
    createHmac('sha256', secret)
      .update(
        JSON.stringify([
          grant.op,
          grant.key,
          grant.expiresAt,
          grant.size ?? null,
          grant.uploadId ?? null,
          grant.partNumber ?? null,
          grant.fileName ?? null,
        ]),
      )
      .digest();

  return {
    sign(grant: StorageGrant): URLSearchParams {
      const params = new URLSearchParams({ key: grant.key, exp: String(grant.expiresAt) });
      if (grant.size !== undefined) params.set('size', String(grant.size));
      if (grant.uploadId !== undefined) params.set('uploadId', grant.uploadId);
      if (grant.partNumber !== undefined) params.set('partNumber', String(grant.partNumber));
      if (grant.fileName !== undefined) params.set('name', grant.fileName);
      params.set('sig', mac(grant).toString('base64url'));
      return params;
    },

    /** The grant carried by a request's query, or a 403 when it is forged, altered or expired. */
    verify(op: SignedOperation, query: Query, now: Date): StorageGrant {
      const key = text(query, 'key');
      const expiresAt = integer(query, 'exp');
      const signature = Buffer.from(text(query, 'sig') ?? '', 'base64url');
      if (key === undefined || expiresAt === undefined) throw storageErrors.invalidSignature();

      const grant: StorageGrant = {
        op,
        key,
        expiresAt,
        size: integer(query, 'size'),
        uploadId: text(query, 'uploadId'),
        partNumber: integer(query, 'partNumber'),
        fileName: text(query, 'name'),
      };
      const expected = mac(grant);
      if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
        throw storageErrors.invalidSignature();
      }
      if (now.getTime() > expiresAt * 1000) throw storageErrors.expired();
      return grant;
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;

/** Repeated parameters arrive as arrays; a signed URL never has them, so they count as absent. */
function text(query: Query, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
}

function integer(query: Query, name: string): number | undefined {
  const value = text(query, name);
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}
