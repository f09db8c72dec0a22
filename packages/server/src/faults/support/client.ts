/**
 * A Node client of the upload contract, as the browser uses it: presign, PUT the bytes (each part
 * retried with backoff, so a server or store that comes back finishes the upload), finalize,
 * download. Every request has a deadline, so a hang fails the test instead of stalling it.
 */
import { createHash } from 'node:crypto';
import type { PresignResponse } from '@sealdrop/core/api-schemas';

export const REQUEST_TIMEOUT_MS = 10_000;

export interface Answer<T = unknown> {
  status: number;
  body: { status: string; data: T; message: string };
  ms: number;
}

export async function callApi<T = unknown>(
  origin: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { body?: unknown; token?: string; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const started = Date.now();
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
  });
  const body = (await response.json()) as Answer<T>['body'];
  return { status: response.status, body, ms: Date.now() - started };
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Exponential backoff, as the web app retries a part: the part is sent again, not the file. */
export async function withRetry<T>(
  task: (attempt: number) => Promise<T>,
  options: { attempts: number; baseDelayMs: number; maxDelayMs: number },
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await task(attempt);
    } catch (error) {
      if (attempt >= options.attempts || (error as { retryable?: boolean }).retryable === false)
        throw error;
      const delay = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** A refused PUT: 4xx will not get better by sending again, 5xx and network errors may. */
export class PutError extends Error {
  constructor(
    readonly status: number,
    readonly retryable: boolean,
  ) {
    super(`PUT failed with ${status}`);
  }
}

/** PUTs bytes to a presigned URL and returns the ETag. */
export async function putBytes(url: string, bytes: Uint8Array): Promise<string> {
  const response = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Blob([bytes]),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new PutError(response.status, response.status >= 500);
  return response.headers.get('etag') ?? '';
}

export async function presign(origin: string, size: number, filename = 'fault.bin') {
  const answer = await callApi<PresignResponse>(origin, 'POST', '/api/upload/presign', {
    body: { filename, contentType: 'application/octet-stream', size, isEncrypted: false },
  });
  if (answer.status !== 200) throw new Error(`presign: ${answer.status} ${answer.body.message}`);
  return answer.body.data;
}

export type Plan = PresignResponse;

/** The bytes of each part of a multipart plan, by part number. */
export function splitParts(plan: Plan, bytes: Uint8Array) {
  const multipart = plan.multipart;
  if (!multipart) throw new Error('expected a multipart plan');
  return multipart.parts.map(({ partNumber, url }) => ({
    partNumber,
    url,
    bytes: bytes.subarray(
      (partNumber - 1) * multipart.partSize,
      Math.min(bytes.length, partNumber * multipart.partSize),
    ),
  }));
}

export async function finalize(
  origin: string,
  plan: Plan,
  parts?: { partNumber: number; etag: string }[],
) {
  return callApi<{ fileId: string }>(origin, 'POST', '/api/upload/finalize', {
    body: { objectKey: plan.objectKey, slug: plan.slug, ...(parts ? { parts } : {}) },
  });
}

/** Presign, PUT (one URL or every part), finalize: the whole upload through one origin. */
export async function uploadThrough(origin: string, bytes: Uint8Array) {
  const plan = await presign(origin, bytes.length);
  let parts: { partNumber: number; etag: string }[] | undefined;
  if (plan.uploadUrl) await putBytes(plan.uploadUrl, bytes);
  else {
    parts = [];
    for (const part of splitParts(plan, bytes)) {
      parts.push({ partNumber: part.partNumber, etag: await putBytes(part.url, part.bytes) });
    }
  }
  const finalized = await finalize(origin, plan, parts);
  if (finalized.status !== 200) throw new Error(`finalize: ${finalized.body.message}`);
  return plan;
}

/** Follows the download redirect (to the local driver or to S3) and returns the bytes. */
export async function download(origin: string, slug: string): Promise<Buffer> {
  const response = await fetch(`${origin}/api/files/${slug}/download`, {
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`download: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}
