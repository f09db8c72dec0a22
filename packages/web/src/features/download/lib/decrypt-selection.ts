/**
 * What one click downloads, decrypted: the whole object (one file), one file of several (only its
 * records, fetched by Range: core/crypto/file-span.ts) or all of them as a zip. Shared by the
 * download worker and the page's own decryption, so both fetch, resume and check alike.
 */

import {
  openResumableCiphertext,
  type ResumableCiphertextInput,
} from '@sealdrop/core/client/resumable-ciphertext';
import { type FileSpan, slicePlaintext } from '@sealdrop/core/crypto/file-span';
import { createDecryptionStream } from '@sealdrop/core/crypto/record-cipher';
import { type ZipEntry, zipFiles, zipSize } from './zip-files';

export type Selection =
  | { kind: 'object' }
  | { kind: 'file'; span: FileSpan }
  | { kind: 'zip'; entries: ZipEntry[] };

export const WHOLE_OBJECT: Selection = { kind: 'object' };

export interface DecryptSelectionInput extends Omit<ResumableCiphertextInput, 'span'> {
  key: CryptoKey;
  iv: Uint8Array;
  selection: Selection;
  /** Sees the ciphertext on its way to the decryptor (progress); told how many bytes, or -1. */
  meter: (total: number) => TransformStream<Uint8Array, Uint8Array>;
}

/** Bytes of what is saved: the file, one file of a link, or the zip of all of them. */
export function savedSize(selection: Selection, objectPlainSize: number): number {
  if (selection.kind === 'file') return selection.span.size;
  if (selection.kind === 'zip') return zipSize(selection.entries);
  return objectPlainSize;
}

export async function decryptSelection(
  input: DecryptSelectionInput,
): Promise<ReadableStream<Uint8Array>> {
  const { selection, key, iv } = input;
  const span = selection.kind === 'file' ? selection.span : undefined;
  const ciphertext = await openResumableCiphertext({
    ...input,
    ...(span ? { span: { start: span.byteStart, end: span.byteEnd } } : {}),
  });
  const plaintext = ciphertext.body
    .pipeThrough(input.meter(ciphertext.total))
    .pipeThrough(createDecryptionStream(key, iv, span));
  if (span) return plaintext.pipeThrough(slicePlaintext(span.skip, span.size));
  if (selection.kind === 'zip') return zipFiles(plaintext, selection.entries);
  return plaintext;
}

/** A selection as it arrives over postMessage: checked before the worker trusts it. */
export function isSelection(value: unknown): value is Selection {
  if (!value || typeof value !== 'object') return false;
  const selection = value as Partial<Record<string, unknown>> & { kind?: unknown };
  if (selection.kind === 'object') return true;
  if (selection.kind === 'zip') {
    return (
      Array.isArray(selection.entries) &&
      selection.entries.every(
        (entry: unknown) =>
          !!entry &&
          typeof (entry as ZipEntry).path === 'string' &&
          isCount((entry as ZipEntry).size),
      )
    );
  }
  if (selection.kind === 'file') {
    const span = selection.span as Partial<FileSpan> | undefined;
    return (
      !!span &&
      [
        span.firstRecord,
        span.recordCount,
        span.byteStart,
        span.byteEnd,
        span.skip,
        span.size,
      ].every(isCount) &&
      typeof span.endsObject === 'boolean'
    );
  }
  return false;
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
