import { randomUUID } from 'node:crypto';
import type { ValidReport } from '@sealdrop/core/api-report-schemas';
import { isExpired } from '../../shared/file-liveness';
import { fileNotFound } from '../files/files.errors';
import type { ModerationDeps } from './moderation.deps';
import { keyForPlainFile, refuseRemoved } from './moderation.errors';

/**
 * Files a visitor's report of a link (a short code or a file id). Reports of one file are grouped
 * under it in the console. A key the reporter chose to include is sealed before it is stored
 * (moderation.key-box.ts); the reporter's email is kept for the moderator to answer. Neither is
 * ever logged.
 */
export async function submitReport(args: {
  deps: Pick<ModerationDeps, 'files' | 'shortLinks' | 'reports' | 'keyBox' | 'events'>;
  input: { report: ValidReport; reporterAddressHash: string };
  now: Date;
}): Promise<{ reported: true }> {
  const { deps } = args;
  const { report, reporterAddressHash } = args.input;
  const now = args.now.getTime();
  const link = await deps.shortLinks.find(report.code);
  const file = await deps.files.findById(link?.file_id ?? report.code);
  if (!file || isExpired(file, now)) throw fileNotFound();
  refuseRemoved(file);
  if (report.key && file.is_encrypted !== 1) throw keyForPlainFile();
  const id = randomUUID();
  await deps.reports.insert({
    id,
    file_id: file.id,
    reason: report.reason,
    details: report.details,
    reporter_email: report.email,
    reporter_address_hash: reporterAddressHash,
    key_box: report.key ? deps.keyBox.seal(report.key, id) : null,
    key_included: report.key ? 1 : 0,
    status: 'open',
    created_at: now,
    closed_at: null,
    closed_by: null,
  });
  deps.events?.reported(report.reason);
  return { reported: true };
}
