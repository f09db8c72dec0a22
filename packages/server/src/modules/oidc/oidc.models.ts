import { randomUUID } from 'node:crypto';
import { normalizeEmail, SIMPLE_EMAIL_PATTERN } from '@sealdrop/core/email';
import type { AuthRepository, UserRow } from '../auth/auth.repository';
import * as errors from './oidc.errors';

export interface OidcIdentity {
  /** `iss|sub`: a subject is only unique within its issuer. */
  subject: string;
  email: string;
}

/** Only a verified email may sign in, because it can take over an account with that email. */
export function readIdentity(
  token: { iss: string; sub: string },
  profile: Record<string, unknown>,
  providerName: string,
): OidcIdentity {
  const email = typeof profile.email === 'string' ? normalizeEmail(profile.email) : '';
  if (email.length > 254 || !SIMPLE_EMAIL_PATTERN.test(email)) throw errors.noEmail(providerName);
  if (profile.email_verified !== true) throw errors.emailNotVerified(providerName);
  return { subject: `${token.iss}|${token.sub}`, email };
}

/** The account for this identity: already linked, else the one with its email (linked now), else new. */
export async function findOrCreateUser(
  auth: AuthRepository,
  identity: OidcIdentity,
  now: Date,
  providerName: string,
): Promise<UserRow> {
  const linked = await auth.findUserByOidcSubject(identity.subject);
  if (linked) return linked;

  const byEmail = await auth.findUserByEmail(identity.email);
  if (byEmail) {
    // Relinking would hand the account to whoever holds the email at the provider today.
    if (byEmail.oidc_subject) throw errors.linkedElsewhere(providerName);
    // Anyone can register someone else's address: an unverified one proves nothing, and linking
    // would hand the real owner's sign-in to the squatter's account.
    if (byEmail.email_verified !== 1) throw errors.linkFromSettings(providerName);
    const changes = { oidc_subject: identity.subject, updated_at: now.getTime() };
    await auth.updateUser(byEmail.id, changes);
    return { ...byEmail, ...changes };
  }

  const user: UserRow = {
    id: randomUUID(),
    email: identity.email,
    password_hash: null,
    tier: 'free',
    solana_wallet: null,
    oidc_subject: identity.subject,
    // The provider said email_verified (readIdentity refuses otherwise).
    email_verified: 1,
    created_at: now.getTime(),
    updated_at: now.getTime(),
    suspended_at: null,
  };
  try {
    await auth.insertUser(user);
    return user;
  } catch (error) {
    // Two callbacks for the same person racing: the unique indexes let one insert win.
    const winner = await auth.findUserByOidcSubject(identity.subject);
    if (winner) return winner;
    throw error;
  }
}

/**
 * Settings' "Link {provider}": attaches the identity to the signed-in account that started it.
 * The provider's email may differ from the account's; when it is the same (and the provider
 * vouched for it, as readIdentity requires) the address counts as verified.
 */
export async function linkIdentity(
  auth: AuthRepository,
  input: { userId: string; identity: OidcIdentity; providerName: string },
  now: Date,
): Promise<void> {
  const { identity, providerName } = input;
  const user = await auth.findUserById(input.userId);
  if (!user) throw errors.unknownState();
  const holder = await auth.findUserByOidcSubject(identity.subject);
  if (holder && holder.id !== user.id) throw errors.subjectLinkedElsewhere(providerName);
  if (user.oidc_subject && user.oidc_subject !== identity.subject)
    throw errors.linkedElsewhere(providerName);
  try {
    await auth.updateUser(user.id, {
      oidc_subject: identity.subject,
      ...(identity.email === user.email ? { email_verified: 1 } : {}),
      updated_at: now.getTime(),
    });
  } catch (error) {
    // Two links of one provider account racing: the unique index lets one win.
    if ((await auth.findUserByOidcSubject(identity.subject))?.id !== user.id)
      throw errors.subjectLinkedElsewhere(providerName);
    throw error;
  }
}
