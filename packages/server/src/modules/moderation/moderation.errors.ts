import {
  ACCOUNT_SUSPENDED_MESSAGE,
  addressBlockedMessage,
  REMOVED_MESSAGES,
  type RemovalReason,
} from '@sealdrop/core/moderation';
import { createError } from '../../shared/errors';
import { isRemoved } from '../../shared/file-liveness';

/** What every read path of a removed file answers (a tombstone until its original expiry). */
export const fileRemoved = (reason: RemovalReason) =>
  createError({ code: 'files.removed', status: 410, message: REMOVED_MESSAGES[reason] });

/** The 410 for a removed row; nothing for any other. One rule for every read path. */
export function refuseRemoved(file: {
  removed_at: number | null;
  removed_reason: RemovalReason | null;
}): void {
  if (isRemoved(file)) throw fileRemoved(file.removed_reason ?? 'terms');
}

export const accountSuspended = () =>
  createError({ code: 'auth.suspended', status: 403, message: ACCOUNT_SUSPENDED_MESSAGE });

export const addressBlocked = (abuseEmail: string | undefined) =>
  createError({
    code: 'uploads.address_blocked',
    status: 403,
    message: addressBlockedMessage(abuseEmail),
  });

export const keyForPlainFile = () =>
  createError({
    code: 'reports.key_not_needed',
    status: 400,
    message: 'key: this file is not encrypted, so no key is needed to open it',
  });

export const noUploaderAccount = () =>
  createError({
    code: 'moderation.no_account',
    status: 400,
    message: 'This file was uploaded without an account: there is no account to suspend',
  });

export const noUploaderAddress = () =>
  createError({
    code: 'moderation.no_address',
    status: 400,
    message: "This file's uploader address is not known: it cannot be blocked",
  });

export const adminNotSuspendable = () =>
  createError({
    code: 'moderation.admin_account',
    status: 400,
    message: 'An administrator cannot be suspended; remove the address from ADMIN_EMAILS first',
  });

export const accountNotFound = () =>
  createError({ code: 'moderation.account_not_found', status: 404, message: 'No such account' });

export const fileUnknown = () =>
  createError({ code: 'moderation.file_not_found', status: 404, message: 'No such file' });

export const noReports = () =>
  createError({
    code: 'moderation.no_reports',
    status: 404,
    message: 'No reports name this file',
  });
