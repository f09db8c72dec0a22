/** Pure rules of the feedback module: what the API shows, and who may see or change an entry. */
import type { FeedbackEntry } from '@sealdrop/core/feedback';
import type { FeedbackRow } from './feedback.repository';

/** The signed-in user acting on feedback. */
export interface FeedbackActor {
  id: string;
  /** Lower-cased, as accounts store it. */
  email: string;
  /** Admin rights need a proven address: anyone can type an unverified one. */
  emailVerified: boolean;
}

export function toFeedbackEntry(row: FeedbackRow): FeedbackEntry {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    email: row.email,
    userId: row.user_id,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** ADMIN_EMAILS is lower-cased by the config, and account emails are stored lower-cased. */
export function isAdmin(actor: FeedbackActor, adminEmails: readonly string[]): boolean {
  return actor.emailVerified && adminEmails.includes(actor.email.toLowerCase());
}

/** The author or an admin; anonymous feedback has no author, so only admins may touch it. */
export function canManage(
  row: FeedbackRow,
  actor: FeedbackActor,
  adminEmails: readonly string[],
): boolean {
  return (row.user_id !== null && row.user_id === actor.id) || isAdmin(actor, adminEmails);
}
