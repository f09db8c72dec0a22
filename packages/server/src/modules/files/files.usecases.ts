import type { FileInfo, ResolveResponse } from '@sealdrop/core/api-schemas';
import { createError } from '../../shared/errors';
import type { StorageDriver } from '../storage/storage.types';
import { DOWNLOAD_URL_TTL_SECONDS, urlLifetimeSeconds } from '../uploads/uploads.models';
import type { FileRow, FilesRepository } from './files.repository';

export const fileNotFound = () =>
  createError({ code: 'files.not_found', status: 404, message: 'File not found or has expired.' });

export const fileStillUploading = () =>
  createError({
    code: 'files.uploading',
    status: 409,
    message: 'This file is still uploading. Please try again in a moment.',
  });

/** A file that exists and has not expired, finished or still uploading; else not found. */
async function findLiveFile(files: FilesRepository, id: string, now: Date): Promise<FileRow> {
  const file = await files.findById(id);
  if (!file || file.expires_at <= now.getTime()) throw fileNotFound();
  return file;
}

/** A readable file, or the reason it is not: expired and unknown look the same to the caller. */
export async function getReadableFile(
  files: FilesRepository,
  id: string,
  now: Date,
): Promise<FileRow> {
  const file = await findLiveFile(files, id, now);
  if (file.status !== 'ready') throw fileStillUploading();
  return file;
}

export function toFileInfo(file: FileRow): FileInfo {
  return {
    fileId: file.id,
    originalName: file.original_name,
    size: file.size,
    contentType: file.content_type,
    isEncrypted: file.is_encrypted === 1,
    expiresAt: new Date(file.expires_at).toISOString(),
    status: file.status === 'ready' ? 'ready' : 'uploading',
  };
}

export async function getFileInfo(args: {
  files: FilesRepository;
  fileId: string;
  now?: Date;
}): Promise<FileInfo> {
  // A link shared while its file uploads already works: the page shows the wait (issue 15).
  return toFileInfo(await findLiveFile(args.files, args.fileId, args.now ?? new Date()));
}

/** A short-lived signed URL for the stored bytes (ciphertext for encrypted files). */
export async function getDownloadUrl(args: {
  files: FilesRepository;
  storage: StorageDriver;
  fileId: string;
  origin: string;
  now?: Date;
}): Promise<string> {
  const now = args.now ?? new Date();
  const file = await getReadableFile(args.files, args.fileId, now);
  return args.storage.presignGet({
    key: file.object_key,
    expiresInSeconds: urlLifetimeSeconds(DOWNLOAD_URL_TTL_SECONDS, file.expires_at, now.getTime()),
    origin: args.origin,
    fileName: file.is_encrypted ? `${file.original_name}.enc` : file.original_name,
  });
}

export async function resolveSlug(args: {
  files: FilesRepository;
  slug: string;
  now?: Date;
}): Promise<ResolveResponse> {
  const file = await findLiveFile(args.files, args.slug, args.now ?? new Date());
  return { fileId: file.id, downloadUrl: `/download/${file.id}` };
}
