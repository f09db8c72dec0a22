import type { AddressHasher } from '../../shared/client-address';
import type { LedgerRepository } from '../ledger/ledger.repository';
import type { Mailer } from '../mail/mail.mailer';
import type { AccountsRepository } from './auth.accounts.repository';
import type { EmailTokensRepository } from './auth.email-tokens';
import type { LoginAttemptsRepository } from './auth.lockout';
import type { PremiumCheck } from './auth.models';
import type { MailNoticesRepository } from './auth.notices';
import type { AuthRepository, UserRow } from './auth.repository';
import type { TokenService } from './auth.tokens';

/**
 * What the auth use cases work with. A file of its own, so the use cases spread over several
 * files (verification, recovery, email change) share it without importing each other.
 */
export interface AuthDeps {
  auth: AuthRepository;
  loginAttempts: LoginAttemptsRepository;
  ledger: LedgerRepository;
  tokens: TokenService;
  /** Tier or linked-wallet premium; an unreachable RPC here only means "not premium by wallet". */
  premium: PremiumCheck;
  /** Verification, password-reset and restore links. */
  emailTokens: EmailTokensRepository;
  /** Notices mailed because of someone else's action, one per cooldown. */
  notices: MailNoticesRepository;
  /** Deleting accounts that never proved their address. */
  accounts: AccountsRepository;
  mailer: Mailer;
  /** Keyed hash of a client's address (IPv4, or IPv6 /64): what the password lockout counts by. */
  addressHash: AddressHasher;
}

/** What every auth use case takes: its dependencies, what was asked, and the time. */
export type AuthCase<Input> = { deps: AuthDeps; input: Input; now: Date };

export interface Session {
  user: UserRow;
  sessionId: string;
}
