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
import type { AppContext } from '../../context';
import { ok } from '../../shared/envelope';
import { requestOrigin } from '../../shared/origin';
import { documented, type RouteDoc } from '../../shared/route-doc';
import { parseInput } from '../../shared/validation';
import * as actions from './admin.actions';
import { adminActor } from './admin.guard';
import { describeFiles } from './admin.view';

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

    app.post(
      '/files/:fileId/removal',
      doc('Remove a file: object deleted now, the link answers 410; reports close', {
        params: adminFileParamsSchema,
        body: adminRemoveFileSchema,
      }),
      async (request) => {
        const actor = adminActor(request);
        const { fileId } = parseInput(adminFileParamsSchema, request.params);
        const body = parseInput(adminRemoveFileSchema, request.body);
        const done = await actions.removeReportedFile({
          deps,
          input: { fileId, reason: body.reason, note: body.note, actor },
          now: ctx.now(),
        });
        return answer(request, fileId, done);
      },
    );

    app.post(
      '/reports/:fileId/dismissal',
      doc("Dismiss a file's open reports (their keys are deleted)", {
        params: adminFileParamsSchema,
        body: adminDismissSchema,
      }),
      async (request) => {
        const actor = adminActor(request);
        const { fileId } = parseInput(adminFileParamsSchema, request.params);
        const { note } = parseInput(adminDismissSchema, request.body);
        const done = await actions.dismissReports({
          deps,
          input: { fileId, note, actor },
          now: ctx.now(),
        });
        return answer(request, fileId, done);
      },
    );

    app.post(
      '/files/:fileId/uploader-block',
      doc("Block a file's uploader: suspend the account and/or block the address for N days", {
        params: adminFileParamsSchema,
        body: adminBlockUploaderSchema,
      }),
      async (request) => {
        const actor = adminActor(request);
        const { fileId } = parseInput(adminFileParamsSchema, request.params);
        const body = parseInput(adminBlockUploaderSchema, request.body);
        const done = await actions.blockUploader({
          deps,
          input: { fileId, ...body, actor },
          now: ctx.now(),
        });
        return answer(request, fileId, done);
      },
    );

    app.put(
      '/accounts/:accountId/suspension',
      doc('Suspend an account: no sign-in, every API call answers 403', {
        params: adminAccountParamsSchema,
        body: adminSuspendSchema,
      }),
      async (request) => {
        const actor = adminActor(request);
        const { accountId } = parseInput(adminAccountParamsSchema, request.params);
        const { note } = parseInput(adminSuspendSchema, request.body);
        const done = await actions.suspendAccount({
          deps,
          input: { accountId, note, actor },
          now: ctx.now(),
        });
        return answer(request, null, done);
      },
    );

    app.delete(
      '/accounts/:accountId/suspension',
      doc("Lift an account's suspension", {
        params: adminAccountParamsSchema,
        body: adminSuspendSchema,
      }),
      async (request) => {
        const actor = adminActor(request);
        const { accountId } = parseInput(adminAccountParamsSchema, request.params);
        const { note } = parseInput(adminSuspendSchema, request.body);
        const done = await actions.unsuspendAccount({
          deps,
          input: { accountId, note, actor },
          now: ctx.now(),
        });
        return answer(request, null, done);
      },
    );

    app.put(
      '/address-blocks/:addressHash',
      doc('Block an address (hash of an IPv4 address or IPv6 /64) from uploading for N days', {
        params: adminAddressParamsSchema,
        body: adminBlockAddressSchema,
      }),
      async (request) => {
        const actor = adminActor(request);
        const { addressHash } = parseInput(adminAddressParamsSchema, request.params);
        const { days, note } = parseInput(adminBlockAddressSchema, request.body);
        const done = await actions.blockAddress({
          deps,
          input: { addressHash, days, note, actor },
          now: ctx.now(),
        });
        return answer(request, null, done);
      },
    );

    app.delete(
      '/address-blocks/:addressHash',
      doc("Lift an address's block", {
        params: adminAddressParamsSchema,
        body: adminSuspendSchema,
      }),
      async (request) => {
        const actor = adminActor(request);
        const { addressHash } = parseInput(adminAddressParamsSchema, request.params);
        const { note } = parseInput(adminSuspendSchema, request.body);
        const done = await actions.unblockAddress({
          deps,
          input: { addressHash, note, actor },
          now: ctx.now(),
        });
        return answer(request, null, done);
      },
    );
  };
}
