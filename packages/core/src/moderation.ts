/**
 * Reports, removals, blocks and quotas: the words and rules server, web and CLI share, so that a
 * report is refused with the same message everywhere and a refusal reads the same on every screen.
 */
import { formatSize } from './format-size';

/** Why a visitor reports a file; the report dialog shows each with a label of its own. */
export const REPORT_REASONS = ['malware', 'illegal', 'copyright', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_DETAILS_MAX_LENGTH = 2000;

/** What the report dialog and `sealdrop report` say once a report is filed. */
export const REPORT_THANKS = 'Thank you. A moderator will look at this link.';

/** Why a file was taken down: a moderator (the terms of use) or the malware scanner. */
export const REMOVAL_REASONS = ['terms', 'malware'] as const;
export type RemovalReason = (typeof REMOVAL_REASONS)[number];

/** What every read path of a removed file answers, with 410. */
export const REMOVED_MESSAGES: Record<RemovalReason, string> = {
  terms: 'This file was removed for violating the terms of use.',
  malware: 'This file was removed because it contains malware.',
};

/**
 * What the sender is told when the malware scanner found something in a plain upload (finalize's
 * 410 to the holder of the upload's object key). `signature` is the scanner's name for it.
 */
export function malwareBlockedMessage(signature: string): string {
  return `This file was blocked: it contains malware (${signature}).`;
}

export const ACCOUNT_SUSPENDED_MESSAGE = 'This account has been suspended.';

export const STORAGE_FULL_MESSAGE = 'Sealdrop is full right now. Please try again later.';

/** Presign's 403 for a blocked address; without ABUSE_EMAIL the operator is named generically. */
export function addressBlockedMessage(abuseEmail: string | null | undefined): string {
  const contact = abuseEmail || 'the operator of this site';
  return `Uploads from your network are blocked. Contact ${contact} if you think this is a mistake.`;
}

/**
 * The moment a quota resets, as people read it: UTC, to the minute, rounded up so that it is
 * never earlier than the real moment ("2026-11-28 14:05 UTC").
 */
export function formatResetTime(at: Date): string {
  const minute = 60_000;
  const rounded = new Date(Math.ceil(at.getTime() / minute) * minute);
  return `${rounded.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A daily limit as the refusal names it: a size in the app's units, or a number of uploads. */
export function quotaLimitLabel(limit: { bytes: number } | { uploads: number }): string {
  if ('bytes' in limit) return formatSize(limit.bytes);
  return `${limit.uploads} ${limit.uploads === 1 ? 'upload' : 'uploads'}`;
}

/** Presign's 429 once a daily quota is used up. */
export function quotaExceededMessage(
  limit: { bytes: number } | { uploads: number },
  resetsAt: Date,
): string {
  return `You have reached today's upload limit of ${quotaLimitLabel(limit)}. It resets at ${formatResetTime(resetsAt)}.`;
}
