/**
 * Token renewal with rotation and reuse detection. Every refresh ends the session the token names
 * and opens its successor in the same family (the sign-in it descends from). A rotated token that
 * is used to refresh again means two parties hold it, one of them not the owner: the whole family
 * ends, so whoever renewed first (a thief, say) is out too.
 *
 * Grace window: two tabs of one browser may renew the same token at once (the web app serialises
 * renewals with Web Locks, but not every browser has them, and a tab that slept may wake with the
 * old token). Within REFRESH_REUSE_GRACE_MS of the rotation, the old token refreshes to the same
 * successor session instead of ending the family. The trade-off: a thief who replays a stolen
 * token within those seconds of the owner's renewal shares the owner's new session, undetected
 * (as the thief could by renewing first anyway); after them, any replay ends every session of the
 * family. docs/reliability.md says so.
 */
import type { AuthResult } from '@sealdrop/core/api-auth-schemas';
import { accountSuspended } from '../moderation/moderation.errors';
import { publicUser } from './auth.account';
import type { AuthDeps } from './auth.deps';
import { unauthorized } from './auth.errors';
import { openSession } from './auth.usecases';

export const REFRESH_REUSE_GRACE_MS = 30 * 1000;

const invalidSession = () => unauthorized('Session expired or invalid. Please log in again.');

export async function refresh(args: {
  deps: AuthDeps;
  input: { token: string };
  now: Date;
}): Promise<AuthResult> {
  const { deps, now } = args;
  const at = now.getTime();
  const claims = await deps.tokens.verify(args.input.token, now);
  const row = claims && (await deps.auth.findSession(claims.sessionId));
  const user = row && row.user_id === claims.userId && (await deps.auth.findUserById(row.user_id));
  if (!row || !user) throw invalidSession();
  // A suspended account renews nothing (modules/moderation), whatever its token.
  if (user.suspended_at !== null) throw accountSuspended();

  let session = row;
  if (session.revoked_at === null && session.expires_at > at) {
    // The successor exists before it is linked, so a racing refresh that loses finds it live.
    const successor = await openSession({ deps, userId: user.id, familyId: row.family_id, now });
    if (await deps.auth.rotateSession(row.id, successor.sessionId, at)) {
      const token = await deps.tokens.sign({ userId: user.id, ...successor });
      return { user: await publicUser({ deps, input: { user }, now }), token };
    }
    // Another refresh of this token won the race: use its successor, as a late tab would.
    await deps.auth.deleteSession(successor.sessionId);
    session = (await deps.auth.findSession(row.id)) ?? row;
  }

  if (session.replaced_by === null || session.revoked_at === null) throw invalidSession();
  if (at - session.revoked_at > REFRESH_REUSE_GRACE_MS) {
    await deps.auth.revokeFamily(session.family_id, at);
    throw invalidSession();
  }
  const successor = await deps.auth.findLiveSession(session.replaced_by, at);
  if (!successor) throw invalidSession();
  const token = await deps.tokens.sign({
    userId: user.id,
    sessionId: successor.id,
    expiresAt: successor.expires_at,
  });
  return { user: await publicUser({ deps, input: { user }, now }), token };
}
