// The virtual users: each loops over a weighted mix of what people do with Sealdrop until the
// soak's time or request budget is spent, and writes down every write the servers acknowledged
// (the ledger), so the end checks can prove none was lost.
import { randomBytes, randomInt } from 'node:crypto';
import { ApiError, call, receive, send, withRetries } from './client.mjs';

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * @typedef {{ kind: string, link: string, fileId: string, expiresAt: number, bytes: number,
 *   files: { path: string, size: number, sha: string }[], passphrase?: string, limit?: number,
 *   downloads?: number, deleted?: boolean }} Upload
 */

export function newLedger() {
  return {
    /** @type {Upload[]} every upload the client saw finalized */
    uploads: [],
    /** @type {{ email: string, password: string }[]} */
    accounts: [],
    /** @type {string[]} */
    feedback: [],
    /** @type {{ fileId: string, details: string }[]} */
    reports: [],
    rangeResumes: 0,
  };
}

const pick = (list) => list[randomInt(list.length)];
/** Mostly 1–4 MiB, now and then up to 8 MiB. */
const smallSize = () =>
  randomInt(10) < 8 ? randomInt(1 * MiB, 4 * MiB) : randomInt(4 * MiB, 8 * MiB);
const strongPassphrase = () =>
  `soak ${randomBytes(9).toString('base64url')} horse battery ${randomInt(1e6)}`;

/** @param {{ origin: string, work: string, stats: import('./client.mjs').Stats, ledger: ReturnType<typeof newLedger>, expiryUntil: number }} ctx */
function scenarios(ctx) {
  const { origin, work, stats, ledger } = ctx;
  const upload = async (kind, options) => {
    const sent = await send(stats, work, { origin, ...options, name: `send ${kind}` });
    /** @type {Upload} */
    const entry = {
      kind,
      ...sent,
      ...(options.downloadLimit ? { limit: options.downloadLimit, downloads: 0 } : {}),
    };
    ledger.uploads.push(entry);
    return entry;
  };
  return {
    async small() {
      const entry = await upload('single', { files: [{ path: 'file.bin', size: smallSize() }] });
      const resume = randomInt(4) === 0;
      const { resumedFrom } = await receive(stats, work, entry, {
        resume,
        name: resume ? 'get with Range resume' : 'get',
      });
      if (resumedFrom > 0) ledger.rangeResumes += 1;
    },
    async multi() {
      const count = randomInt(2, 6);
      const files = Array.from({ length: count }, (_, i) => ({
        path: `folder/${i % 2 ? 'sub/' : ''}part-${i}.bin`,
        size: randomInt(16 * KiB, 2 * MiB),
      }));
      const entry = await upload('multi-file', { files });
      await receive(stats, work, entry, { name: 'get multi-file' });
    },
    async limited() {
      const entry = await upload('limited', {
        files: [{ path: 'once.bin', size: randomInt(64 * KiB, 2 * MiB) }],
        downloadLimit: 2,
      });
      await receive(stats, work, entry, { name: 'get limited' });
      entry.downloads = 1;
    },
    async passphrase() {
      const entry = await upload('passphrase', {
        files: [{ path: 'secret.bin', size: randomInt(64 * KiB, 3 * MiB) }],
        passphrase: strongPassphrase(),
      });
      await receive(stats, work, entry, { name: 'get passphrase' });
    },
    async expiring() {
      if (Date.now() > ctx.expiryUntil) return this.small();
      await upload('expiring', {
        files: [{ path: 'brief.bin', size: randomInt(64 * KiB, MiB) }],
        expiresIn: 60,
      });
    },
    async account() {
      const email = `soak-${randomBytes(6).toString('hex')}@example.com`;
      const password = `soak password ${randomBytes(8).toString('hex')}`;
      // A register retried after its answer was lost finds the account made: that is a success.
      await withRetries(stats, 'sign-up', async (attempt) => {
        try {
          await call(origin, '/auth/register', { method: 'POST', body: { email, password } });
        } catch (caught) {
          const error = /** @type {any} */ (caught);
          if (!(attempt > 1 && error instanceof ApiError && error.status === 409)) throw error;
        }
      });
      ledger.accounts.push({ email, password });
      let { token } = await withRetries(stats, 'sign-in', () =>
        call(origin, '/auth/login', { method: 'POST', body: { email, password } }),
      );
      ({ token } = await withRetries(stats, 'refresh', () =>
        call(origin, '/auth/refresh-token', { method: 'POST', token }),
      ));
      const entry = await upload('owned', {
        token,
        files: [{ path: 'mine.bin', size: randomInt(256 * KiB, 2 * MiB) }],
      });
      const list = await withRetries(stats, 'my-files', () =>
        call(origin, '/files/my-files?limit=100', { token }),
      );
      if (!list.items.some((item) => item.fileId === entry.fileId)) {
        throw new Error(`${entry.fileId}: missing from its owner's My files`);
      }
      if (randomInt(2) === 0) {
        // Deleted twice by a retry is still one delete: a 404 on a retry means the first went through.
        await withRetries(stats, 'delete', async (attempt) => {
          try {
            await call(origin, `/files/${entry.fileId}`, { method: 'DELETE', token });
          } catch (caught) {
            const error = /** @type {any} */ (caught);
            if (!(attempt > 1 && error instanceof ApiError && error.status === 404)) throw error;
          }
        });
        entry.deleted = true;
      }
    },
    async feedback() {
      const message = `Soak feedback ${randomBytes(8).toString('hex')}: the upload went fine.`;
      await withRetries(stats, 'feedback', () =>
        call(origin, '/feedback', {
          method: 'POST',
          body: { message, type: pick(['bug', 'suggestion', 'other']) },
        }),
      );
      ledger.feedback.push(message);
    },
    async report() {
      // A report names a link of someone else's; the key (fragment) never goes with it.
      const target = ledger.uploads.filter((entry) => entry.kind === 'single').at(-1);
      if (!target) return this.feedback();
      const details = `Soak report ${randomBytes(8).toString('hex')}`;
      await withRetries(stats, 'report', () =>
        call(origin, '/reports', {
          method: 'POST',
          body: { code: target.link.split('#')[0], reason: 'spam', details },
        }),
      );
      ledger.reports.push({ fileId: target.fileId, details });
    },
  };
}

/** Weighted: mostly small single files, then the rest. */
/** @type {[string, number][]} */
const MIX = [
  ['small', 30],
  ['multi', 10],
  ['limited', 8],
  ['passphrase', 6],
  ['account', 8],
  ['feedback', 6],
  ['report', 4],
  ['expiring', 4],
];

function pickScenario() {
  const total = MIX.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = randomInt(total);
  for (const [name, weight] of MIX) {
    if (roll < weight) return name;
    roll -= weight;
  }
  return 'small';
}

/**
 * Runs `users` loops until `shouldStop()`; each waits 0.5–2 s between operations. `large`: sizes
 * (bytes) of the few large uploads, sent by one more user at even intervals over the run.
 */
export async function runUsers(ctx, { users, shouldStop, large, durationMs }) {
  const all = scenarios(ctx);
  const loop = async (_, user) => {
    // Each user first goes once through the whole mix (from a different place), so even a short
    // run exercises every kind of operation; then picks by weight.
    const firstRound = MIX.map((_, i) => MIX[(i + user * 3) % MIX.length]?.[0] ?? 'small');
    while (!shouldStop()) {
      const name = firstRound.shift() ?? pickScenario();
      await all[name].call(all).catch((error) => {
        // Failures after all retries are counted by withRetries; a failed check is counted here.
        if (!error?.counted) ctx.stats.failures.push(`${name}: ${error?.message ?? error}`);
      });
      await new Promise((resolve) => setTimeout(resolve, randomInt(500, 2000)));
    }
  };
  const bigOnes = async () => {
    for (const [i, size] of large.entries()) {
      const at = ((i + 1) / (large.length + 1)) * durationMs * 0.8;
      while (Date.now() - ctx.startedAt < at && !shouldStop())
        await new Promise((r) => setTimeout(r, 500));
      if (shouldStop()) return;
      const sent = await send(ctx.stats, ctx.work, {
        origin: ctx.origin,
        files: [{ path: 'large.bin', size }],
        name: 'send large',
      }).catch(() => null);
      if (!sent) continue;
      const entry = { kind: 'large', ...sent };
      ctx.ledger.uploads.push(entry);
      try {
        const { resumedFrom } = await receive(ctx.stats, ctx.work, entry, {
          resume: true,
          name: 'get large with Range resume',
        });
        if (resumedFrom > 0) ctx.ledger.rangeResumes += 1;
      } catch (caught) {
        const error = /** @type {any} */ (caught);
        if (!error?.counted) ctx.stats.failures.push(`large: ${error?.message ?? error}`);
      }
    }
  };
  await Promise.all([...Array.from({ length: users }, loop), bigOnes()]);
}
