/** /api/solana/*: wallet link by signature, balances, token info, rewards. */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../shared/envelope';
import { AppError } from '../../shared/errors';
import { requestOrigin } from '../../shared/origin';
import { rateLimited } from '../../shared/rate-limit';
import { documented } from '../../shared/route-doc';
import { parseInput } from '../../shared/validation';
import { optionalSession, requireSession } from '../auth/auth.guard';
import { rewardEvents } from '../metrics/metrics.events';
import { rewardDownload, rewardUpload } from './wallet.rewards';
import {
  connectSchema,
  nonceQuerySchema,
  rewardDownloadSchema,
  rewardUploadSchema,
} from './wallet.schemas';
import { tokenInfo } from './wallet.token-info';
import {
  connectWallet,
  disconnectWallet,
  issueNonce,
  type RequestSite,
  walletBalance,
} from './wallet.usecases';

export function walletRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const deps = ctx.wallet;
    const limited = rateLimited(ctx, ctx.config.RATE_LIMIT_WALLET_PER_MINUTE);
    const rewardDeps = {
      wallet: deps,
      files: ctx.files,
      downloads: ctx.downloads,
      ledger: ctx.auth.ledger,
      rewards: ctx.rewards,
      users: ctx.auth.auth,
      events: rewardEvents(ctx.metrics),
    };
    const rules = {
      upload: { base: ctx.config.REWARD_UPLOAD_BASE, perGiB: ctx.config.REWARD_UPLOAD_PER_GIB },
      download: ctx.config.REWARD_DOWNLOAD,
      downloadDailyCaps: {
        perFile: ctx.config.REWARD_DOWNLOAD_DAILY_PER_FILE,
        perOwner: ctx.config.REWARD_DOWNLOAD_DAILY_PER_UPLOADER,
      },
      minBytes: ctx.config.REWARD_MIN_BYTES,
    };
    // The message names the site the user is on, so a message phished for another site is useless here.
    const site = (request: FastifyRequest): RequestSite => {
      const origin = requestOrigin(request, ctx.config.PUBLIC_URL);
      return { domain: new URL(origin).host, uri: origin };
    };

    // The client sees one readable 503; the log keeps what the RPC actually said.
    app.addHook('onError', async (request, _reply, error) => {
      if (error instanceof AppError && error.code === 'wallet.rpc_unavailable') {
        request.log.warn({ err: error.cause }, 'Solana RPC unavailable');
      }
    });

    app.get(
      '/solana/nonce',
      {
        ...limited,
        ...documented({
          tag: 'wallet',
          summary: 'Sign-In-With-Solana message and nonce for a wallet',
          querystring: nonceQuerySchema,
          auth: 'required',
        }),
      },
      async (request) => {
        const session = await requireSession(ctx.auth, request, ctx.now());
        const { walletAddress } = parseInput(nonceQuerySchema, request.query);
        return ok(
          await issueNonce({
            deps,
            input: {
              user: session.user,
              walletAddress,
              site: site(request),
              chainId: ctx.config.SOLANA_CHAIN_ID,
            },
            now: ctx.now(),
          }),
        );
      },
    );

    app.post(
      '/solana/connect',
      {
        ...limited,
        ...documented({
          tag: 'wallet',
          summary: 'Link a wallet by its signature of the nonce message',
          body: connectSchema,
          auth: 'required',
        }),
      },
      async (request) => {
        const session = await requireSession(ctx.auth, request, ctx.now());
        const input = parseInput(connectSchema, request.body);
        return ok(
          await connectWallet({
            deps,
            input: { ...input, user: session.user, site: site(request) },
            now: ctx.now(),
          }),
        );
      },
    );

    app.post(
      '/solana/disconnect',
      documented({ tag: 'wallet', summary: 'Unlink the wallet', auth: 'required' }),
      async (request) => {
        const session = await requireSession(ctx.auth, request, ctx.now());
        return ok(await disconnectWallet({ deps, input: { user: session.user }, now: ctx.now() }));
      },
    );

    app.get(
      '/solana/balance',
      documented({
        tag: 'wallet',
        summary: 'Token and SOL balance of the linked wallet',
        auth: 'required',
      }),
      async (request) => {
        const session = await requireSession(ctx.auth, request, ctx.now());
        return ok(await walletBalance({ deps, input: { user: session.user } }));
      },
    );

    app.get(
      '/solana/token-info',
      documented({
        tag: 'wallet',
        summary: 'Mint, symbol, decimals, supply, price, market cap and links',
      }),
      async () => ok(await tokenInfo({ deps, config: ctx.config })),
    );

    app.post(
      '/solana/reward-file-upload',
      {
        ...limited,
        ...documented({
          tag: 'wallet',
          summary: "Credit the upload reward for one of the user's files",
          body: rewardUploadSchema,
          auth: 'required',
        }),
      },
      async (request) => {
        const session = await requireSession(ctx.auth, request, ctx.now());
        const { fileId } = parseInput(rewardUploadSchema, request.body);
        const input = { user: session.user, fileId };
        return ok(await rewardUpload({ deps: rewardDeps, input, rules, now: ctx.now() }));
      },
    );

    app.post(
      '/solana/reward-file-download',
      {
        ...limited,
        ...documented({
          tag: 'wallet',
          summary: "Credit the uploader's reward for a real download",
          body: rewardDownloadSchema,
          auth: 'optional',
        }),
      },
      async (request) => {
        const { fileId } = parseInput(rewardDownloadSchema, request.body);
        const session = await optionalSession(ctx.auth, request, ctx.now());
        return ok(
          await rewardDownload({
            deps: rewardDeps,
            input: {
              downloader: session?.user ?? null,
              ipHash: ctx.addressHash(request.ip),
              fileId,
            },
            rules,
            now: ctx.now(),
          }),
        );
      },
    );
  };
}
