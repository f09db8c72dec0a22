/** Drives the upload contract through a test server, as a browser would. */
import { randomBytes } from 'node:crypto';
import type { PresignResponse } from '@sealdrop/core/api-schemas';
import { partObjectSize } from '@sealdrop/core/upload-plan';
import type { TestServer } from './test-server';

export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

export async function api<T = unknown>(
  server: TestServer,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) {
  const response = await server.app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return {
    statusCode: response.statusCode,
    body: response.json() as { status: string; data: T; message: string },
    headers: response.headers,
  };
}

/**
 * What an encrypted presign carries instead of a name: opaque base64url bytes of the length a
 * sealed one-file metadata record has (the server never opens it, so any bytes stand in).
 */
export function standInMetadata(): string {
  return randomBytes(1 + 12 + 256 + 16).toString('base64url');
}

/** The name and type fields of a presign body: sealed (stand-in) metadata when encrypted. */
export function describedAs(input: { filename?: string; isEncrypted?: boolean }) {
  return input.isEncrypted
    ? { encryptedMetadata: standInMetadata() }
    : { filename: input.filename ?? 'report.pdf', contentType: 'application/pdf' };
}

export async function presign(
  server: TestServer,
  input: {
    /** Plain uploads only: an encrypted presign sends stand-in metadata instead. */
    filename?: string;
    size: number;
    isEncrypted?: boolean;
    shortCode?: string;
    completeToken?: string;
    expiresIn?: number;
    downloadLimit?: number;
  },
) {
  return api<PresignResponse>(server, 'POST', '/api/upload/presign', {
    ...describedAs(input),
    size: input.size,
    isEncrypted: input.isEncrypted ?? false,
    ...(input.shortCode ? { shortCode: input.shortCode } : {}),
    ...(input.completeToken ? { completeToken: input.completeToken } : {}),
    ...(input.expiresIn === undefined ? {} : { expiresIn: input.expiresIn }),
    ...(input.downloadLimit === undefined ? {} : { downloadLimit: input.downloadLimit }),
  });
}

export async function putBytes(server: TestServer, url: string, bytes: Buffer) {
  return server.app.inject({
    method: 'PUT',
    url: pathOf(url),
    payload: bytes,
    headers: { 'content-type': 'application/octet-stream' },
  });
}

/** Presign, send every byte (parts out of order when multipart), finalize. Returns the stored bytes. */
export async function uploadFile(
  server: TestServer,
  input: {
    size: number;
    isEncrypted?: boolean;
    shortCode?: string;
    completeToken?: string;
    filename?: string;
    downloadLimit?: number;
  },
) {
  const presigned = await presign(server, input);
  if (presigned.statusCode !== 200) throw new Error(`presign failed: ${presigned.body.message}`);
  const plan = presigned.body.data;
  const stored = randomBytes(plan.objectSize);
  const parts: { partNumber: number; etag: string }[] = [];
  if (plan.uploadUrl) {
    const put = await putBytes(server, plan.uploadUrl, stored);
    if (put.statusCode !== 200) throw new Error(`PUT failed: ${put.statusCode} ${put.body}`);
  } else if (plan.multipart) {
    const { partSize, partCount } = plan.multipart;
    let offset = 0;
    const ranges = Array.from({ length: partCount }, (_, i) => {
      const length = partObjectSize(input.size, input.isEncrypted ?? false, partSize, i + 1);
      const range = { partNumber: i + 1, start: offset, end: offset + length };
      offset += length;
      return range;
    });
    for (const range of ranges.reverse()) {
      const url =
        plan.multipart.parts.find((part) => part.partNumber === range.partNumber)?.url ?? '';
      const put = await putBytes(server, url, stored.subarray(range.start, range.end));
      if (put.statusCode !== 200) throw new Error(`part PUT failed: ${put.statusCode} ${put.body}`);
      parts.push({ partNumber: range.partNumber, etag: String(put.headers.etag) });
    }
  }
  const finalized = await api<{ fileId: string; downloadUrl: string; storageKey: string }>(
    server,
    'POST',
    '/api/upload/finalize',
    {
      objectKey: plan.objectKey,
      slug: plan.slug,
      ...(parts.length ? { parts } : {}),
    },
  );
  return { plan, stored, finalized };
}

export async function downloadBytes(server: TestServer, fileId: string) {
  const redirect = await server.app.inject({ method: 'GET', url: `/api/files/${fileId}/download` });
  if (redirect.statusCode !== 302)
    return { statusCode: redirect.statusCode, bytes: Buffer.alloc(0) };
  const response = await server.app.inject({
    method: 'GET',
    url: pathOf(String(redirect.headers.location)),
  });
  return { statusCode: response.statusCode, bytes: response.rawPayload, headers: response.headers };
}
