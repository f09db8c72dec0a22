import { randomUUID } from 'node:crypto';
import {
  FEEDBACK_TYPES,
  type FeedbackEntry,
  type FeedbackInput,
  type FeedbackStats,
  type ValidFeedback,
} from '@sealdrop/core/feedback';
import type { IdGenerator } from '../../shared/ids';
import { adminsOnly, feedbackNotFound, notYourFeedback } from './feedback.errors';
import { canManage, type FeedbackActor, isAdmin, toFeedbackEntry } from './feedback.models';
import type { FeedbackRepository, FeedbackRow } from './feedback.repository';
import { parseFeedback } from './feedback.schemas';

export interface FeedbackDeps {
  feedback: FeedbackRepository;
  adminEmails: readonly string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Stores validated feedback; `userId` links it to the account that sent it (null = anonymous). */
export async function submitFeedback(args: {
  deps: FeedbackDeps & { newId?: IdGenerator };
  input: { feedback: ValidFeedback; userId: string | null };
  now: Date;
}): Promise<{ feedback: FeedbackEntry }> {
  const at = args.now.getTime();
  const { feedback, userId } = args.input;
  const row: FeedbackRow = {
    id: (args.deps.newId ?? randomUUID)(),
    user_id: userId,
    type: feedback.type,
    message: feedback.message,
    email: feedback.email,
    created_at: at,
    updated_at: at,
  };
  await args.deps.feedback.insert(row);
  return { feedback: toFeedbackEntry(row) };
}

export async function listMyFeedback(args: {
  deps: FeedbackDeps;
  input: { actor: FeedbackActor; limit: number };
}): Promise<{ items: FeedbackEntry[]; limit: number }> {
  const { actor, limit } = args.input;
  const rows = await args.deps.feedback.listByUser(actor.id, limit);
  return { items: rows.map(toFeedbackEntry), limit };
}

/** The entry if the actor may manage it: unknown is 404 before someone else's is 403. */
async function findManageable(deps: FeedbackDeps, actor: FeedbackActor, id: string) {
  const row = await deps.feedback.findById(id);
  if (!row) throw feedbackNotFound();
  if (!canManage(row, actor, deps.adminEmails)) throw notYourFeedback();
  return row;
}

export async function getFeedback(args: {
  deps: FeedbackDeps;
  input: { actor: FeedbackActor; id: string };
}): Promise<{ feedback: FeedbackEntry }> {
  const { actor, id } = args.input;
  return { feedback: toFeedbackEntry(await findManageable(args.deps, actor, id)) };
}

/** Applies the changes on top of the stored entry, then checks the result with the same rules. */
export async function updateFeedback(args: {
  deps: FeedbackDeps;
  input: { actor: FeedbackActor; id: string; changes: Partial<FeedbackInput> };
  now: Date;
}): Promise<{ feedback: FeedbackEntry }> {
  const { actor, id, changes } = args.input;
  const row = await findManageable(args.deps, actor, id);
  const next = parseFeedback({
    type: row.type,
    message: row.message,
    email: row.email,
    ...changes,
  });
  const updated: FeedbackRow = {
    ...row,
    ...next,
    updated_at: args.now.getTime(),
  };
  await args.deps.feedback.update(row.id, {
    type: updated.type,
    message: updated.message,
    email: updated.email,
    updated_at: updated.updated_at,
  });
  return { feedback: toFeedbackEntry(updated) };
}

export async function deleteFeedback(args: {
  deps: FeedbackDeps;
  input: { actor: FeedbackActor; id: string };
}): Promise<{ deleted: true }> {
  const row = await findManageable(args.deps, args.input.actor, args.input.id);
  await args.deps.feedback.delete(row.id);
  return { deleted: true };
}

/** Admins only: totals overall, per type, and for the last 7 and 30 days (rolling, from now). */
export async function feedbackStats(args: {
  deps: FeedbackDeps;
  input: { actor: FeedbackActor };
  now: Date;
}): Promise<FeedbackStats> {
  if (!isAdmin(args.input.actor, args.deps.adminEmails)) throw adminsOnly();
  const now = args.now.getTime();
  const [counts, last7Days, last30Days] = await Promise.all([
    args.deps.feedback.countByType(),
    args.deps.feedback.countSince(now - 7 * DAY_MS),
    args.deps.feedback.countSince(now - 30 * DAY_MS),
  ]);
  const byType = Object.fromEntries(FEEDBACK_TYPES.map((type) => [type, 0])) as Record<
    FeedbackRow['type'],
    number
  >;
  for (const { type, count } of counts) byType[type] = count;
  const total = counts.reduce((sum, { count }) => sum + count, 0);
  return { total, byType, last7Days, last30Days };
}
