import { feedbackInputSchema } from '@sealdrop/core/feedback';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../shared/envelope';
import { isAppError } from '../../shared/errors';
import { rateLimited } from '../../shared/rate-limit';
import { documented } from '../../shared/route-doc';
import { parseInput } from '../../shared/validation';
import { optionalSession, requireSession } from '../auth/auth.guard';
import type { FeedbackActor } from './feedback.models';
import { createFeedbackRepository } from './feedback.repository';
import {
  feedbackChangesSchema,
  feedbackIdParamsSchema,
  feedbackListQuerySchema,
  parseFeedback,
  parseFeedbackChanges,
} from './feedback.schemas';
import * as feedback from './feedback.usecases';

export function feedbackRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const deps: feedback.FeedbackDeps = {
      feedback: createFeedbackRepository({ db: ctx.db }),
      adminEmails: ctx.config.ADMIN_EMAILS,
    };
    const limited = rateLimited(ctx, ctx.config.RATE_LIMIT_FEEDBACK_PER_MINUTE);

    const actorOf = async (request: FastifyRequest): Promise<FeedbackActor> => {
      const { user } = await requireSession(ctx.auth, request, ctx.now());
      return { id: user.id, email: user.email, emailVerified: user.email_verified === 1 };
    };

    /**
     * Anyone may send feedback. A stale token in the browser must not lose a bug report, so an
     * invalid one files the feedback anonymously instead of answering 401.
     */
    const submitterId = async (request: FastifyRequest): Promise<string | null> => {
      try {
        return (await optionalSession(ctx.auth, request, ctx.now()))?.user.id ?? null;
      } catch (error) {
        if (isAppError(error) && error.statusCode === 401) return null;
        throw error;
      }
    };

    app.post(
      '/feedback',
      {
        ...limited,
        ...documented({
          tag: 'feedback',
          summary: 'Send feedback (anonymous or signed in)',
          body: feedbackInputSchema,
          auth: 'optional',
        }),
      },
      async (request) => {
        const input = parseFeedback(request.body);
        const userId = await submitterId(request);
        return ok(
          await feedback.submitFeedback({
            deps,
            input: { feedback: input, userId },
            now: ctx.now(),
          }),
        );
      },
    );

    app.get(
      '/feedback/my',
      documented({
        tag: 'feedback',
        summary: "The signed-in user's feedback",
        querystring: feedbackListQuerySchema,
        auth: 'required',
      }),
      async (request) => {
        const actor = await actorOf(request);
        const { limit } = parseInput(feedbackListQuerySchema, request.query);
        return ok(await feedback.listMyFeedback({ deps, input: { actor, limit } }));
      },
    );

    app.get(
      '/feedback/stats',
      documented({
        tag: 'feedback',
        summary: 'Counts by type and status (admins)',
        auth: 'required',
      }),
      async (request) => {
        const actor = await actorOf(request);
        return ok(await feedback.feedbackStats({ deps, input: { actor }, now: ctx.now() }));
      },
    );

    app.get(
      '/feedback/:id',
      documented({
        tag: 'feedback',
        summary: 'One feedback entry (owner or admin)',
        params: feedbackIdParamsSchema,
        auth: 'required',
      }),
      async (request) => {
        const actor = await actorOf(request);
        const { id } = parseInput(feedbackIdParamsSchema, request.params);
        return ok(await feedback.getFeedback({ deps, input: { actor, id } }));
      },
    );

    app.put(
      '/feedback/:id',
      documented({
        tag: 'feedback',
        summary: 'Change a feedback entry (owner or admin)',
        params: feedbackIdParamsSchema,
        body: feedbackChangesSchema,
        auth: 'required',
      }),
      async (request) => {
        const actor = await actorOf(request);
        const { id } = parseInput(feedbackIdParamsSchema, request.params);
        const changes = parseFeedbackChanges(request.body);
        return ok(
          await feedback.updateFeedback({ deps, input: { actor, id, changes }, now: ctx.now() }),
        );
      },
    );

    app.delete(
      '/feedback/:id',
      documented({
        tag: 'feedback',
        summary: 'Delete a feedback entry (owner or admin)',
        params: feedbackIdParamsSchema,
        auth: 'required',
      }),
      async (request) => {
        const actor = await actorOf(request);
        const { id } = parseInput(feedbackIdParamsSchema, request.params);
        return ok(await feedback.deleteFeedback({ deps, input: { actor, id } }));
      },
    );
  };
}
