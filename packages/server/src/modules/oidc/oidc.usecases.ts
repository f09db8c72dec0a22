import { createHash, randomBytes } from 'node:crypto';
import type { AuthResult } from '@sealdrop/core/api-auth-schemas';
import * as client from 'openid-client';
import type { AuthDeps } from '../auth/auth.deps';
import { startSession } from '../auth/auth.usecases';
import type { OidcClient } from './oidc.client';
import * as errors from './oidc.errors';
import { findOrCreateUser, linkIdentity, type OidcIdentity, readIdentity } from './oidc.models';
import type { OidcStatesRepository } from './oidc.repository';

export interface OidcDeps {
  client: OidcClient;
  states: OidcStatesRepository;
  auth: AuthDeps;
  /** The provider's name as people know it ("Google"), for messages. */
  providerName: string;
}

/** How long a person has to finish signing in at the provider. */
export const STATE_TTL_MS = 10 * 60 * 1000;

/** Remembers the PKCE verifier and nonce under a fresh state, and returns where to send the browser. */
export async function beginSignIn({
  deps,
  input,
  now,
}: {
  deps: OidcDeps;
  input: {
    redirectUri: string;
    /** Settings' "Link {provider}": the signed-in account the identity is attached to. */
    linkUserId?: string;
  };
  now: Date;
}): Promise<{ url: string; state: string }> {
  const config = await providerConfiguration(deps);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await deps.states.insert({
    state,
    code_verifier: codeVerifier,
    nonce,
    created_at: now.getTime(),
    expires_at: now.getTime() + STATE_TTL_MS,
    link_user_id: input.linkUserId ?? null,
  });
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: input.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, state };
}

/** How long the page has to exchange the login code its cookie carries. */
export const LOGIN_CODE_TTL_MS = 2 * 60 * 1000;

export type SignInOutcome = { kind: 'login'; code: string } | { kind: 'linked' };

/**
 * Finishes a sign-in from the provider's redirect. The state is consumed before anything else,
 * so a callback URL works once whatever its outcome. A sign-in ends with a one-time login code
 * (for an HttpOnly cookie), never a token: the page exchanges the code over POST.
 */
export async function completeSignIn({
  deps,
  input,
  now,
}: {
  deps: OidcDeps;
  input: {
    /** The callback URL as the provider sent it: its origin and path are the redirect_uri. */
    callbackUrl: URL;
    state?: string;
    /** The provider's `error` parameter (the person cancelled, or the provider refused). */
    error?: string;
    /** The state this browser started with (from its cookie). */
    browserState?: string;
  };
  now: Date;
}): Promise<SignInOutcome> {
  const row = input.state ? await deps.states.take(input.state) : undefined;
  if (input.error) throw errors.cancelled(deps.providerName);
  if (!row || row.expires_at <= now.getTime()) throw errors.unknownState();
  if (input.browserState !== row.state) throw errors.otherBrowser();

  const config = await providerConfiguration(deps);
  const tokens = await client.authorizationCodeGrant(config, input.callbackUrl, {
    pkceCodeVerifier: row.code_verifier,
    expectedState: row.state,
    expectedNonce: row.nonce,
    idTokenExpected: true,
  });
  const identity = await identityFrom(deps, config, tokens);
  if (row.link_user_id) {
    const input = { userId: row.link_user_id, identity, providerName: deps.providerName };
    await linkIdentity(deps.auth.auth, input, now);
    return { kind: 'linked' };
  }
  const user = await findOrCreateUser(deps.auth.auth, identity, now, deps.providerName);
  const code = randomBytes(32).toString('base64url');
  await deps.states.insertLogin({
    code_hash: hashCode(code),
    user_id: user.id,
    created_at: now.getTime(),
    expires_at: now.getTime() + LOGIN_CODE_TTL_MS,
  });
  return { kind: 'login', code };
}

/** The page's POST with the login cookie: the code works once, within two minutes. */
export async function exchangeLoginCode({
  deps,
  input: { code },
  now,
}: {
  deps: Pick<OidcDeps, 'states' | 'auth'>;
  input: { code: string | undefined };
  now: Date;
}): Promise<AuthResult> {
  const row = code ? await deps.states.takeLogin(hashCode(code)) : undefined;
  if (!row || row.expires_at <= now.getTime()) throw errors.loginCodeUnknown();
  const user = await deps.auth.auth.findUserById(row.user_id);
  if (!user) throw errors.loginCodeUnknown();
  return startSession({ deps: deps.auth, input: { user }, now });
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * The verified identity. Providers that keep scope claims out of the ID token (as OpenID Connect
 * allows) are asked at their userinfo endpoint, which openid-client binds to the same subject.
 */
async function identityFrom(
  deps: OidcDeps,
  config: client.Configuration,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
): Promise<OidcIdentity> {
  const claims = tokens.claims();
  if (!claims) throw errors.failed(deps.providerName);
  const profile: Record<string, unknown> =
    claims.email === undefined
      ? await client.fetchUserInfo(config, tokens.access_token, claims.sub)
      : claims;
  return readIdentity({ iss: claims.iss, sub: claims.sub }, profile, deps.providerName);
}

async function providerConfiguration(deps: OidcDeps): Promise<client.Configuration> {
  try {
    return await deps.client.configuration();
  } catch (cause) {
    throw Object.assign(errors.providerUnreachable(deps.providerName), { cause });
  }
}
