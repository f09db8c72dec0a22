import type { HeartbeatResponse } from '@sealdrop/core/api-schemas';
import type { UploadDeps } from './uploads.usecases';
import { findPending } from './uploads.usecases';

/**
 * The sender's heartbeat: how many plaintext bytes its running upload has sent. Only the holder of
 * the secret object key may report (as for part URLs and abort); a figure above the file's size
 * is capped, one below what is known changes nothing. Answers the figure now known.
 */
export async function reportUploadProgress(args: {
  deps: Pick<UploadDeps, 'files' | 'pending'>;
  input: { objectKey: string; sentBytes: number };
  now: Date;
}): Promise<HeartbeatResponse> {
  const now = args.now.getTime();
  const file = await findPending(args.deps, args.input.objectKey, now);
  const sentBytes = Math.min(file.size, args.input.sentBytes);
  await args.deps.pending.recordProgress(file.id, sentBytes, now);
  return { progress: Math.max(sentBytes, file.progress_bytes ?? 0) };
}
