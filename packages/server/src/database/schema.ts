/**
 * Table types for Kysely. Times are epoch milliseconds and booleans 0/1 in both dialects, so one
 * schema and one set of queries serve SQLite and PostgreSQL without dialect branches.
 */
import type { Generated, Kysely } from 'kysely';

export interface FilesTable {
  /** The slug: the file's public id, also its short code. */
  id: string;
  object_key: string;
  /** Empty for an encrypted upload whose name is sealed in encrypted_metadata. */
  original_name: string;
  content_type: string;
  /** Plaintext size in bytes, as shown to people. */
  size: number;
  /** Bytes stored (ciphertext size for encrypted files). */
  object_size: number;
  is_encrypted: number;
  /** `scanning`: finalized, waiting for the malware scanner (plain uploads with CLAMAV_URL set). */
  status: 'pending' | 'scanning' | 'ready';
  upload_id: string | null;
  owner_id: string | null;
  created_at: number;
  expires_at: number;
  finalized_at: number | null;
  /** A sweeper that claims a row sets this; another sweeper leaves the row alone until then. */
  sweep_claimed_until: number | null;
  /** Hash of the uploader's address: a download from it earns the uploader nothing. */
  uploader_ip_hash: string | null;
  /** Downloads the sender allowed; null = unlimited. */
  download_limit: number | null;
  /** Download URLs signed so far, retries of one visitor counted once. */
  download_count: Generated<number>;
  /**
   * Encrypted uploads: the metadata record sealed in the browser (base64url, opaque here); null for
   * plain uploads and for encrypted ones made before names were sealed.
   */
  encrypted_metadata: string | null;
  /**
   * Pending uploads: when the server first knew bytes had arrived (or the store could not say);
   * null = none seen yet. A presign still without bytes an hour on is swept.
   */
  bytes_seen_at: number | null;
  /** Set when a moderator or the malware scanner took the file down: the row is a tombstone. */
  removed_at: number | null;
  /** Which message the link shows once removed (modules/moderation/moderation.removal.ts). */
  removed_reason: 'terms' | 'malware' | null;
  /** While scanning: the scanning process holds the file until then; after a failure, the next try. */
  scan_claimed_until: number | null;
  /** Failed scan attempts so far (scanner unreachable with CLAMAV_FAIL=closed, store down). */
  scan_attempts: Generated<number>;
  /** What the scanner found in a file it blocked, for the sender's message. */
  malware_signature: string | null;
  /** Pending uploads: the most plaintext bytes the sender reported sending (heartbeat). */
  progress_bytes: number | null;
  /** Pending uploads: when the upload last moved; null = not since its presign (created_at). */
  progress_at: number | null;
}

export interface ShortLinksTable {
  code: string;
  file_id: string | null;
  original_name: string | null;
  clicks: number;
  created_at: number;
  last_access_at: number | null;
  /** A reservation that no file takes is swept after this. */
  expires_at: number;
  /** sha256 (hex) of the secret /tiny/instant gave the reserver; null for links made otherwise. */
  complete_token_hash: string | null;
}

export interface UsersTable {
  id: string;
  /** Trimmed and lower-cased. */
  email: string;
  /** argon2id; null for accounts that only sign in through OpenID Connect. */
  password_hash: string | null;
  tier: string;
  solana_wallet: string | null;
  oidc_subject: string | null;
  /** 1 once the owner opened a verification link sent to `email` (or a provider vouched for it). */
  email_verified: number;
  created_at: number;
  updated_at: number;
  /** Set while a moderator has suspended the account: no sign-in, no session works. */
  suspended_at: number | null;
}

/** A token is valid only while its session row is neither revoked nor expired. */
export interface SessionsTable {
  id: string;
  user_id: string;
  /** The sign-in this session descends from by refreshes: reuse of a rotated token ends them all. */
  family_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** Set when a refresh rotated this session: the session that took its place. */
  replaced_by: string | null;
}

/** The off-chain reward ledger: a user's balance is the sum of their rows. */
export interface LedgerEntriesTable {
  id: string;
  user_id: string;
  amount: number;
  reason: string;
  reference: string;
  created_at: number;
}

/** One evaluated password check; `ip_hash` is a hash of the client's address, never the address. */
export interface LoginAttemptsTable {
  id: string;
  email: string;
  ip_hash: string;
  at: number;
}

/** One pending OpenID Connect sign-in: PKCE verifier and nonce, looked up once by its state. */
export interface OidcStatesTable {
  state: string;
  code_verifier: string;
  nonce: string;
  created_at: number;
  expires_at: number;
  /** Set when a signed-in account links the provider from settings: the account to attach to. */
  link_user_id: string | null;
}

/** A finished external sign-in waiting for its page to exchange the code (cookie) for a token. */
export interface OidcLoginsTable {
  code_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

export interface FeedbackTable {
  id: string;
  user_id: string | null;
  type: 'bug' | 'suggestion' | 'other';
  message: string;
  email: string | null;
  created_at: number;
  updated_at: number;
}

/** A pending wallet link: the exact message the wallet must sign, bound to one user and address. */
export interface WalletNoncesTable {
  nonce: string;
  user_id: string;
  wallet_address: string;
  message: string;
  created_at: number;
  expires_at: number;
}

/** A single-use link sent by mail; only the sha256 of its token is kept. */
export interface EmailTokensTable {
  token_hash: string;
  user_id: string;
  /** `restore`: the "This wasn't me" link mailed to the old address after an email change. */
  purpose: 'verify' | 'reset' | 'restore';
  /**
   * The address the link went to (for an email change: the new address, not yet applied; for a
   * restore link: the old address it puts back).
   */
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** When a notice of one kind was last mailed to an account: at most one per cooldown. */
export interface MailNoticesTable {
  user_id: string;
  kind: string;
  sent_at: number;
}

/** A download URL the server signed: who asked (address hash, account) and when. */
export interface FileDownloadsTable {
  id: string;
  file_id: string;
  ip_hash: string;
  user_id: string | null;
  /** Hash of the visitor cookie: one browser's retries count as one download. */
  visitor_hash: string | null;
  created_at: number;
}

/**
 * A counted download of one file by one visitor cookie from one address (keyed hashes): a retry
 * from both within the retry window is not counted again. The primary key makes the count atomic.
 */
export interface DownloadVisitsTable {
  file_id: string;
  visitor_hash: string;
  address_hash: string;
  counted_at: number;
}

/** One claimed reward key, e.g. `download:{file}:ip:{hash}`; the primary key makes it once-only. */
export interface RewardClaimsTable {
  claim: string;
  file_id: string;
  created_at: number;
}

/** A wallet unlinked from an account: it cannot back another account for the premium period. */
export interface WalletUnlinksTable {
  id: string;
  wallet_address: string;
  user_id: string;
  unlinked_at: number;
}

/** A setting shared by every process on the database, e.g. the generated server secret. */
export interface ServerSettingsTable {
  name: string;
  value: string;
  created_at: number;
}

/** One visitor's report of a file; several reports of one file are grouped by `file_id`. */
export interface ReportsTable {
  id: string;
  /** Not a foreign key: a report outlives the row of the file it names (swept, deleted). */
  file_id: string;
  reason: 'malware' | 'illegal' | 'copyright' | 'spam' | 'other';
  details: string | null;
  /** Shown to admins only, to answer the reporter; never logged. */
  reporter_email: string | null;
  /** Keyed hash of the reporter's address: tells one reporter from many. */
  reporter_address_hash: string;
  /** The link key the reporter chose to include, sealed (moderation.key-box.ts); null once closed. */
  key_box: string | null;
  /** 1 when the reporter included a key (kept after the key itself is deleted). */
  key_included: number;
  /** `expired`: the file was deleted or expired before a moderator acted. */
  status: 'open' | 'removed' | 'dismissed' | 'expired';
  created_at: number;
  closed_at: number | null;
  /** The admin's account id, or null when the system closed it. */
  closed_by: string | null;
}

/** An address barred from uploading until `expires_at` (or until lifted). */
export interface AddressBlocksTable {
  id: string;
  /** Keyed hash of an IPv4 address or IPv6 /64 (shared/client-address.ts). */
  address_hash: string;
  created_at: number;
  expires_at: number;
  created_by: string | null;
  lifted_at: number | null;
}

/** Append-only: every moderation action, who took it and why. No route changes or deletes rows. */
export interface ModerationAuditTable {
  id: string;
  at: number;
  /** The admin's account id; null for the system (the malware scanner). */
  actor_id: string | null;
  /** The admin's email at the time, or the system's name. */
  actor_label: string;
  action: string;
  file_id: string | null;
  account_id: string | null;
  address_hash: string | null;
  reason: string | null;
  note: string | null;
  /** When a block ends. */
  until: number | null;
}

/** What one presign counted against a daily quota (the database's store; Redis keeps its own). */
export interface UploadQuotaUsageTable {
  file_id: string;
  /** `address:{hash}` or `account:{id}`. */
  subject: string;
  bytes: number;
  at: number;
}

/** A link whose upload ended unfinished (cancelled, or swept): "did not finish" until `until`. */
export interface UnfinishedUploadsTable {
  file_id: string;
  until: number;
}

export interface DatabaseSchema {
  files: FilesTable;
  short_links: ShortLinksTable;
  users: UsersTable;
  sessions: SessionsTable;
  ledger_entries: LedgerEntriesTable;
  login_attempts: LoginAttemptsTable;
  oidc_states: OidcStatesTable;
  oidc_logins: OidcLoginsTable;
  feedback: FeedbackTable;
  wallet_nonces: WalletNoncesTable;
  email_tokens: EmailTokensTable;
  mail_notices: MailNoticesTable;
  file_downloads: FileDownloadsTable;
  download_visits: DownloadVisitsTable;
  server_settings: ServerSettingsTable;
  reward_claims: RewardClaimsTable;
  wallet_unlinks: WalletUnlinksTable;
  reports: ReportsTable;
  address_blocks: AddressBlocksTable;
  moderation_audit: ModerationAuditTable;
  upload_quota_usage: UploadQuotaUsageTable;
  unfinished_uploads: UnfinishedUploadsTable;
}

export type Database = Kysely<DatabaseSchema>;
