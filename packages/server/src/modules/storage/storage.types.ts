import type { Readable } from 'node:stream';

/**
 * The one interface every object store implements. Drivers hand out pre-signed URLs so
 * that bytes go from the browser straight to storage; the server itself never proxies S3 traffic.
 * `origin` is the public origin of the request being served (PUBLIC_URL when configured); drivers
 * that sign URLs on the app itself (local) build absolute URLs from it, S3 ignores it.
 */
export interface PresignPutInput {
  key: string;
  /** Exact number of bytes the client will send; more is refused where the driver can enforce it. */
  size: number;
  contentType: string;
  expiresInSeconds: number;
  origin: string;
}

export interface PresignPartInput {
  key: string;
  uploadId: string;
  partNumber: number;
  size: number;
  expiresInSeconds: number;
  origin: string;
}

export interface PresignGetInput {
  key: string;
  expiresInSeconds: number;
  origin: string;
  /**
   * Sent back as Content-Disposition: attachment (RFC 6266 / 5987 encoded). The body is always
   * served as application/octet-stream: echoing a declared type would let a stored file run as a
   * same-origin script (`<script src=…/download>`), whatever the CSP says.
   */
  fileName?: string;
}

/** The only type stored bytes are ever served with (see PresignGetInput). */
export const DOWNLOAD_CONTENT_TYPE = 'application/octet-stream';

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

export interface StorageDriver {
  readonly name: 'local' | 's3' | 'memory';
  presignPut(input: PresignPutInput): Promise<string>;
  createMultipart(input: { key: string; contentType: string }): Promise<{ uploadId: string }>;
  presignPart(input: PresignPartInput): Promise<string>;
  completeMultipart(input: {
    key: string;
    uploadId: string;
    parts: CompletedPart[];
  }): Promise<void>;
  /** Idempotent: aborting an unknown or finished upload is not an error. */
  abortMultipart(input: { key: string; uploadId: string }): Promise<void>;
  /** Size of a complete object, or null when there is none. */
  head(key: string): Promise<{ size: number } | null>;
  /**
   * Whether any byte of an unfinished upload has reached the store: its object (a single PUT) or
   * one of its parts (multipart, `uploadId`). Null when the store cannot tell: an S3-compatible
   * store without ListParts. The sweeper drops presigns that never sent a byte.
   */
  receivedBytes(input: { key: string; uploadId: string | null }): Promise<boolean | null>;
  presignGet(input: PresignGetInput): Promise<string>;
  /**
   * The bytes of a complete object, streamed to the server itself (the malware scanner reads plain
   * uploads with it), or null when there is none. Only opening is bounded in time; the stream is
   * the caller's to read or destroy.
   */
  readObject(key: string): Promise<Readable | null>;
  /** Idempotent: deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Throws when the store cannot be reached (used by /api/health). */
  check(): Promise<void>;
  /**
   * Every complete object whose key starts with `prefix`, with its last change (epoch ms), in no
   * particular order; pages through a large store. The sweeper finds objects no row owns with it.
   */
  listObjects(prefix: string): AsyncIterable<StoredObject>;
}

export interface StoredObject {
  key: string;
  lastModified: number;
}
