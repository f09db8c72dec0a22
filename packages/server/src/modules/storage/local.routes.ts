import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError } from '../../shared/errors';
import { documented } from '../../shared/route-doc';
import type { LocalStorageDriver } from './local.driver';
import { attachmentDisposition } from './storage.disposition';
import { storageErrors } from './storage.errors';
import { contentRange, parseRange } from './storage.range';
import { DOWNLOAD_CONTENT_TYPE } from './storage.types';

/**
 * Objects are read in 1 MiB chunks, not fs's 64 KiB: a 1 GiB GET from Node then costs the server
 * 0.5 s of CPU instead of 0.9–1.1 s, with the same RSS (docs/performance.md, 2026-11-26).
 */
const READ_CHUNK_BYTES = 1024 * 1024;

/** Bodies are streamed to disk and their size is fixed by the signature, not by this limit. */
const STREAMED_BODY_LIMIT = Number.MAX_SAFE_INTEGER;

// The local driver's stand-ins for S3's pre-signed URLs: presign and parts answer them signed.
const SIGNED_PUT = 'Local driver: PUT the whole object to the URL presign answered';
const SIGNED_PART = 'Local driver: PUT one part to a URL presign or parts answered';
const SIGNED_GET = 'Local driver: the bytes behind a signed download URL (Range supported)';

/**
 * The HTTP side of the local driver: the signed URLs it hands out point here. Register under
 * LOCAL_STORAGE_PREFIX. Everything it serves is user content, so responses are downloads that a
 * browser will neither sniff nor run.
 */
export const localStorageRoutes: FastifyPluginAsync<{
  driver: LocalStorageDriver;
  /**
   * Whether an object key still belongs to a pending, unexpired upload. A signed PUT URL outlives
   * an abort or a delete; without this it would write an object that no row owns.
   * Asked as each write begins: the app also records that the upload is receiving bytes.
   */
  isWritable: (objectKey: string) => Promise<boolean>;
  /**
   * Why an object a signed GET names is missing, when there is a reason to tell (a file removed
   * by moderation answers 410 even on a URL signed before); null = a plain 404.
   */
  whyMissing?: (objectKey: string) => Promise<Error | null>;
}> = async (app, { driver, isWritable, whyMissing }) => {
  const refuseClosed = async (key: string) => {
    if (!(await isWritable(key))) throw storageErrors.uploadClosed();
  };
  // Without this, JSON or text bodies would be buffered and parsed; here every body stays a stream.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.setErrorHandler(replyWithError);

  app.put(
    '/object',
    { bodyLimit: STREAMED_BODY_LIMIT, ...documented({ tag: 'storage', summary: SIGNED_PUT }) },
    async (request, reply) => {
      const grant = driver.verify('put', request.query as Record<string, unknown>);
      refuseWrongLength(request, grant.size ?? 0);
      await refuseClosed(grant.key);
      const etag = await driver.receiveObject(grant, request.raw, () => isWritable(grant.key));
      return reply.header('etag', `"${etag}"`).send({ status: 'success', data: { etag } });
    },
  );

  app.put(
    '/part',
    { bodyLimit: STREAMED_BODY_LIMIT, ...documented({ tag: 'storage', summary: SIGNED_PART }) },
    async (request, reply) => {
      const grant = driver.verify('part', request.query as Record<string, unknown>);
      refuseWrongLength(request, grant.size ?? 0);
      await refuseClosed(grant.key);
      const etag = await driver.receivePart(grant, request.raw);
      return reply.header('etag', `"${etag}"`).send({ status: 'success', data: { etag } });
    },
  );

  // HEAD is declared rather than left to Fastify, whose automatic HEAD would read the whole file.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/object',
    ...documented({ tag: 'storage', summary: SIGNED_GET }),
    handler: async (request, reply) => {
      const grant = driver.verify('get', request.query as Record<string, unknown>);
      const object = await driver.openObject(grant.key);
      if (!object) throw (await whyMissing?.(grant.key)) ?? storageErrors.notFound();
      const { handle, size } = object;

      reply.headers({
        'accept-ranges': 'bytes',
        'cache-control': 'private, no-store',
        'content-disposition': attachmentDisposition(grant.fileName),
        'content-security-policy': "default-src 'none'; sandbox",
        'content-type': DOWNLOAD_CONTENT_TYPE,
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
      });

      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        await handle.close();
        return reply
          .code(416)
          .header('content-range', `bytes */${size}`)
          .removeHeader('content-disposition')
          .type('application/json; charset=utf-8')
          .send({ status: 'error', message: 'The requested range is outside the file.' });
      }
      const { start, end } = range ?? { start: 0, end: size - 1 };
      if (range) reply.code(206).header('content-range', contentRange(range, size));
      reply.header('content-length', end - start + 1);
      if (request.method === 'HEAD' || size === 0) {
        await handle.close();
        return reply.send();
      }
      return reply.send(handle.createReadStream({ start, end, highWaterMark: READ_CHUNK_BYTES }));
    },
  });
};

/**
 * A declared length that differs from the signed size is refused before any byte is read;
 * bodies without one (chunked) are counted while they stream.
 */
function refuseWrongLength(request: FastifyRequest, size: number) {
  const header = request.headers['content-length'];
  if (header === undefined) return;
  const declared = Number(header);
  if (declared > size) throw storageErrors.tooLarge(size);
  if (declared !== size) throw storageErrors.sizeMismatch(size, declared);
}

function replyWithError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = isAppError(error) ? error.statusCode : (error.statusCode ?? 500);
  // Errors raised on purpose (a full disk: 507) carry a message meant for people.
  const exposed = status < 500 || isAppError(error);
  if (status >= 500) request.log.error({ err: error }, 'local storage request failed');

  // A refused upload may still be arriving: stop reading it and close the connection after
  // answering, so the client gets the error instead of a stalled socket.
  if (!request.raw.complete) {
    request.raw.resume();
    reply.header('connection', 'close');
  }
  reply
    .code(status)
    .removeHeader('content-disposition')
    .type('application/json; charset=utf-8')
    .send({ status: 'error', message: exposed ? error.message : 'Internal storage error.' });
}
