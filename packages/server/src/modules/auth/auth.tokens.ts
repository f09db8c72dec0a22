/**
 * Session tokens: HS256 JWTs naming a session row. The signature proves who issued the token; the
 * row decides whether it still counts, so logout, refresh and password change revoke at once.
 */
import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function createTokenService({ secret }: { secret: string }) {
  // A key of its own, so that a storage URL signature can never pass for a token.
  const key = createHmac('sha256', secret).update('sealdrop session tokens').digest();
  return {
    async sign(input: { userId: string; sessionId: string; expiresAt: number }): Promise<string> {
      return new SignJWT({ sid: input.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(input.userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(input.expiresAt / 1000))
        .sign(key);
    },
    /** The session a token names, or null when the token is malformed, forged or expired. */
    async verify(token: string, now: Date): Promise<{ userId: string; sessionId: string } | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: now,
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
