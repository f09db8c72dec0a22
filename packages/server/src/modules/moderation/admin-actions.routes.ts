/** The moderator's actions under /api/admin (guarded by admin.routes.ts); each is audited and logged. */
import {
  type AuditEntry,
  adminAccountParamsSchema,
  adminAddressParamsSchema,
  adminBlockAddressSchema,
  adminBlockUploaderSchema,
  adminDismissSchema,
  adminFileParamsSchema,
  adminRemoveFileSchema,
  adminSuspendSchema,
} from '@sealdrop/core/api-admin-schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import type { AppContext } from '../../context';
import { ok } from '../../shared/envelope';
import { requestOrigin } from '../../shared/origin';
import { documented, type RouteDoc } from '../../shared/route-doc';
import { parseInput } from '../../shared/validation';
import * as actions from './admin.actions';
import { adminActor } from './admin.guard';
import { describeFiles } from './admin.view';
import type { ModerationActor } from './moderation.removal';

export function adminActionRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const deps = ctx.moderation;
    const doc = (summary: string, schemas: Omit<RouteDoc, 'tag' | 'summary'>) =>
      documented({ tag: 'admin', summary, auth: 'required', ...schemas });

    /**
     * The answer of every action: the file as it now is (when the action named one) and the audit
     * entries written. The log gets what was done, never a key, a reporter's email or a note.
     */
    const answer = async (
      request: FastifyRequest,
      fileId: string | null,
      done: { audit: AuditEntry[] },
    ) => {
      for (const entry of done.audit) {
        const { action, fileId: file, accountId, addressHash, reason, actor } = entry;
        request.log.info(
          {
            moderation: {
              action,
              fileId: file,
              accountId,
              addressHash,
              reason,
              by: actor.accountId,
            },
          },
          'moderation action',
        );
      }
      const row = fileId ? await deps.files.findById(fileId) : undefined;
      const [file] = row
        ? await describeFiles(deps, [row], {
            now: ctx.now().getTime(),
            origin: requestOrigin(request, ctx.config.PUBLIC_URL),
          })
        : [];
      return ok({ file: file ?? null, audit: done.audit });
    };

    /**
     * One action route: the moderator first (401/403), then the path, then the body (400); the
     * action gets both with the actor, and its answer names the file when the path did.
     */
    const action = <P extends z.core.$ZodType<object>, B extends z.core.$ZodType<object>>(
      method: 'post' | 'put' | 'delete',
      url: string,
      summary: string,
      schemas: { params: P; body: B },
      act: (args: {
        deps: typeof deps;
        input: z.infer<P> & z.infer<B> & { actor: ModerationActor };
        now: Date;
      }) => Promise<{ audit: AuditEntry[] }>,
    ) =>
      app[method](url, doc(summary, schemas), async (request) => {
        const actor = adminActor(request);
        const params = parseInput(schemas.params, request.params);
        const body = parseInput(schemas.body, request.body);
        const done = await act({ deps, input: { ...params, ...body, actor }, now: ctx.now() });
        const fileId = 'fileId' in params ? String(params.fileId) : null;
        return answer(request, fileId, done);
      });

    const file = adminFileParamsSchema;
    const account = adminAccountParamsSchema;
    const address = adminAddressParamsSchema;

    action(
      'post',
      '/files/:fileId/removal',
      'Remove a file: object deleted now, the link answers 410; reports close',
      { params: file, body: adminRemoveFileSchema },
      actions.removeReportedFile,
    );
    action(
      'post',
      '/reports/:fileId/dismissal',
      "Dismiss a file's open reports (their keys are deleted)",
      { params: file, body: adminDismissSchema },
      actions.dismissReports,
    );
    action(
      'post',
      '/files/:fileId/uploader-block',
      "Block a file's uploader: suspend the account and/or block the address for N days",
      { params: file, body: adminBlockUploaderSchema },
      actions.blockUploader,
    );
    action(
      'put',
      '/accounts/:accountId/suspension',
      'Suspend an account: no sign-in, every API call answers 403',
      { params: account, body: adminSuspendSchema },
      actions.suspendAccount,
    );
    action(
      'delete',
      '/accounts/:accountId/suspension',
      "Lift an account's suspension",
      { params: account, body: adminSuspendSchema },
      actions.unsuspendAccount,
    );
    action(
      'put',
      '/address-blocks/:addressHash',
      'Block an address (hash of an IPv4 address or IPv6 /64) from uploading for N days',
      { params: address, body: adminBlockAddressSchema },
      actions.blockAddress,
    );
    action(
      'delete',
      '/address-blocks/:addressHash',
      "Lift an address's block",
      { params: address, body: adminSuspendSchema },
      actions.unblockAddress,
    );
  };
}
