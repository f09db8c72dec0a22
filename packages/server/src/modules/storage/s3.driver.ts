import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentDisposition } from './storage.disposition';
import { assertValidStorageKey } from './storage.keys';
import { normalizeEtag, orderParts } from './storage.parts';
import { DOWNLOAD_CONTENT_TYPE, type StorageDriver } from './storage.types';

export interface S3StorageDriverOptions {
  /** Unset for AWS itself; e.g. http://127.0.0.1:9000 for MinIO. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** Answers that mean "there is no such upload (any more)", which abort treats as done. */
const GONE_UPLOAD_ERRORS = new Set(['NoSuchUpload', 'NotFound', 'MethodNotAllowed']);
/** Answers of a store that does not list parts at all (s3rver): it cannot tell. */
const NO_LIST_PARTS_ERRORS = new Set(['MethodNotAllowed', 'NotImplemented']);

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/**
 * S3-compatible storage. Upload URLs sign the exact Content-Length, so a store that checks
 * signatures refuses a body of any other size. Content-Type is deliberately left unsigned: a browser
 * that sends a different one should not see its upload fail, and downloads override it anyway.
 */
export function createS3StorageDriver(options: S3StorageDriverOptions): StorageDriver {
  const { bucket } = options;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Otherwise the SDK signs a checksum of an empty body into presigned upload URLs.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  const head = async (key: string) => {
    assertValidStorageKey(key);
    try {
      const { ContentLength } = await client.send(
        new HeadObjectCommand({ Bucket: bucket, Key: key }),
      );
      return { size: ContentLength ?? 0 };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  };

  return {
    name: 's3',

    async presignPut({ key, size, contentType, expiresInSeconds }) {
      assertValidStorageKey(key);
      const command = new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        ContentLength: size,
        ContentType: contentType,
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },

    async createMultipart({ key, contentType }) {
      assertValidStorageKey(key);
      const command = new CreateMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        ContentType: contentType,
      });
      const { UploadId } = await client.send(command);
      if (!UploadId) throw new Error('The object store did not return an upload id.');
      return { uploadId: UploadId };
    },

    async presignPart({ key, uploadId, partNumber, size, expiresInSeconds }) {
      assertValidStorageKey(key);
      const command = new UploadPartCommand({
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        PartNumber: partNumber,
        ContentLength: size,
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },

    async completeMultipart({ key, uploadId, parts }) {
      const ordered = orderParts(parts).map(({ partNumber, etag }) => ({
        PartNumber: partNumber,
        ETag: `"${normalizeEtag(etag)}"`,
      }));
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: ordered },
        }),
      );
    },

    async abortMultipart({ key, uploadId }) {
      try {
        await client.send(
          new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }),
        );
      } catch (error) {
        const status = statusOf(error);
        const name = error instanceof Error ? error.name : '';
        if (GONE_UPLOAD_ERRORS.has(name) || status === 404 || status === 405) return;
        throw error;
      }
    },

    head,

    async receivedBytes({ key, uploadId }) {
      if (await head(key)) return true;
      if (!uploadId) return false;
      try {
        const { Parts } = await client.send(
          new ListPartsCommand({ Bucket: bucket, Key: key, UploadId: uploadId, MaxParts: 1 }),
        );
        return (Parts?.length ?? 0) > 0;
      } catch (error) {
        const status = statusOf(error);
        const name = error instanceof Error ? error.name : '';
        if (name === 'NoSuchUpload' || status === 404) return false;
        if (NO_LIST_PARTS_ERRORS.has(name) || status === 405 || status === 501) return null;
        throw error;
      }
    },

    async presignGet({ key, expiresInSeconds, fileName }) {
      assertValidStorageKey(key);
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(fileName),
        ResponseContentType: DOWNLOAD_CONTENT_TYPE,
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },

    async readObject(key) {
      assertValidStorageKey(key);
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        // In Node the SDK's body is an http.IncomingMessage: a Readable.
        return (Body as Readable | undefined) ?? null;
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },

    async *listObjects(prefix) {
      for await (const page of paginateListObjectsV2(
        { client },
        { Bucket: bucket, Prefix: prefix },
      )) {
        for (const object of page.Contents ?? []) {
          if (object.Key)
            yield { key: object.Key, lastModified: object.LastModified?.getTime() ?? 0 };
        }
      }
    },

    async delete(key) {
      assertValidStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
