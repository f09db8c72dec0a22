import type { MyFile } from '@sealdrop/core/api-auth-schemas';
import { REMOVED_MESSAGES } from '@sealdrop/core/moderation';
import { isRemoved } from '../../shared/file-liveness';
import { shortUrl } from '../../shared/links';
import type { RewardsRepository } from '../ledger/rewards.repository';
import { refuseRemoved } from '../moderation/moderation.errors';
import type { ShortLinksRepository } from '../short-links/short-links.repository';
import type { StorageDriver } from '../storage/storage.types';
import { fileNotFound, notYourFile } from './files.errors';
import type { FileRow, FilesRepository } from './files.repository';
import { visibleName } from './files.usecases';

function toMyFile(file: FileRow, origin: string): MyFile {
  return {
    fileId: file.id,
    originalName: visibleName(file),
    ...(file.is_encrypted === 1 ? { encryptedMetadata: file.encrypted_metadata } : {}),
    size: file.size,
    isEncrypted: file.is_encrypted === 1,
    status: file.status,
    createdAt: new Date(file.created_at).toISOString(),
    expiresAt: new Date(file.expires_at).toISOString(),
    shortUrl: shortUrl(origin, file.id),
    // The owner sees a removed file, and why, until its original expiry (its link answers 410).
    ...(isRemoved(file) && {
      removed: {
        reason: file.removed_reason ?? 'terms',
        message: REMOVED_MESSAGES[file.removed_reason ?? 'terms'],
      },
    }),
  };
}

export async function listMyFiles(args: {
  deps: { files: FilesRepository };
  input: { ownerId: string; page: number; limit: number; origin: string };
  now: Date;
}) {
  const { deps, input } = args;
  const now = args.now.getTime();
  const [rows, total] = await Promise.all([
    deps.files.listByOwner({
      ownerId: input.ownerId,
      now,
      offset: (input.page - 1) * input.limit,
      limit: input.limit,
    }),
    deps.files.countByOwner(input.ownerId, now),
  ]);
  return {
    items: rows.map((row) => toMyFile(row, input.origin)),
    page: input.page,
    limit: input.limit,
    total,
  };
}

/**
 * Only the owner deletes: the object, its short links and its row. An upload reward paid within
 * the last day is taken back, so uploading and deleting does not farm rewards. A removed file
 * answers 410: its object is gone already, and its tombstone stays until its original expiry so
 * that its link keeps saying why.
 */
export async function deleteMyFile(args: {
  deps: {
    files: FilesRepository;
    shortLinks: ShortLinksRepository;
    storage: StorageDriver;
    rewards: Pick<RewardsRepository, 'reverseUpload'>;
  };
  input: { ownerId: string; fileId: string };
  now: Date;
}): Promise<{ deleted: true }> {
  const { deps, input } = args;
  const file = await deps.files.findById(input.fileId);
  if (!file) throw fileNotFound();
  if (file.owner_id !== input.ownerId) throw notYourFile();
  refuseRemoved(file);
  if (file.upload_id)
    await deps.storage.abortMultipart({ key: file.object_key, uploadId: file.upload_id });
  await deps.storage.delete(file.object_key);
  await deps.shortLinks.deleteForFile(file.id);
  await deps.files.delete(file.id);
  await deps.rewards.reverseUpload({ fileId: file.id, now: args.now.getTime() });
  return { deleted: true };
}
