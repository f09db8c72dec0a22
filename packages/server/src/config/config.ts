/**
 * Every setting, read once from the environment (README "Configuration"). Each key documents its variable,
 * default and meaning; bad values stop the process at start with a readable list.
 */
import { z } from 'zod';
import { isClamdAddress } from '../modules/malware/malware.address';
import { trustProxySchema } from './trust-proxy';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
const positiveInt = z.coerce.number().int().positive();
const MiB = 1024 * 1024;
const SIZE_UNITS: Record<string, number> = {
  B: 1,
  KB: 1024,
  MB: MiB,
  GB: 1024 * MiB,
  TB: 1024 ** 4,
};

/**
 * A size in bytes, or with a unit as the app shows sizes (KB, MB, GB, TB are powers of 1024:
 * `10GB` = 10,737,418,240 bytes, shown back as "10 GB"). 0 = no limit.
 */
const byteSize = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?\s*(B|KB|MB|GB|TB)?$/i, 'must be a number of bytes, or a size such as 10GB')
  .transform((text) => {
    const [, amount = '0', unit = 'B'] = /^([\d.]+)\s*([A-Za-z]*)$/.exec(text) ?? [];
    return Math.round(Number(amount) * (SIZE_UNITS[unit.toUpperCase() || 'B'] ?? 1));
  })
  .refine((bytes) => Number.isSafeInteger(bytes), 'is too large');
const GB = 1024 ** 3;
const count = z.coerce.number().int().min(0);

export const configSchema = z
  .object({
    /** PORT: TCP port the server listens on. */
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** HOST: interface to bind; all interfaces by default. */
    HOST: z.string().min(1).default('0.0.0.0'),
    /** PUBLIC_URL: origin used in links and signed URLs; unset = the request's own origin. */
    PUBLIC_URL: z.url().optional(),
    /** DATA_DIR: SQLite database and local objects live here. */
    DATA_DIR: z.string().min(1).default('./data'),
    /** DATABASE_URL: postgres://… switches from SQLite to PostgreSQL. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /** STORAGE: object store driver, `local` (disk under DATA_DIR) or `s3`. */
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool.default(false),
    /** SECRET: signs sessions and local storage URLs; unset = generated once and kept in the database. */
    SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** UPLOAD_PART_SIZE: plaintext bytes per multipart part; a multiple of 64 KiB, at least 5 MiB. */
    UPLOAD_PART_SIZE: positiveInt
      .default(16 * MiB)
      .refine((n) => n % 65536 === 0 && n >= 5 * MiB, 'must be a multiple of 65536 and >= 5 MiB'),
    /** RETENTION_HOURS: how long a free or guest file lives. */
    RETENTION_HOURS: positiveInt.default(24),
    /** PREMIUM_RETENTION_DAYS: how long a premium file lives. */
    PREMIUM_RETENTION_DAYS: positiveInt.default(30),
    /** SWEEP_INTERVAL_SECONDS: how often each process deletes expired files (0 = never). */
    SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
    /**
     * UPLOAD_STALL_SECONDS: a pending upload whose sender reported no progress for this long is
     * shown to waiting recipients as paused (info's `stalled`).
     */
    UPLOAD_STALL_SECONDS: positiveInt.default(60),
    /** RATE_LIMIT_ENABLED: per-IP limits on presign, resolve and other abusable routes. */
    RATE_LIMIT_ENABLED: bool.default(true),
    RATE_LIMIT_PRESIGN_PER_MINUTE: positiveInt.default(60),
    RATE_LIMIT_RESOLVE_PER_MINUTE: positiveInt.default(300),
    /** RATE_LIMIT_AUTH_PER_MINUTE: register, login, refresh and password change per IP. */
    RATE_LIMIT_AUTH_PER_MINUTE: positiveInt.default(20),
    /** OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: external sign-in; hidden when unset. */
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    /** OIDC_NAME: the provider's name on the sign-in button ("Continue with {name}"). */
    OIDC_NAME: z.string().min(1).max(40).default('Google'),
    /**
     * ADMIN_EMAILS: comma-separated accounts that moderate (/admin, /api/admin/*) and read all
     * feedback; an address counts only once its owner verified it.
     */
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
    /**
     * SMTP_URL: outgoing mail (verification and password-reset links), smtp://user:pass@host:587
     * or smtps://…:465; unset = each message is written to the server log in a marked block.
     */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/?#]+/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    /** MAIL_FROM: the From of every message Sealdrop sends. */
    MAIL_FROM: z.string().min(3).max(254).default('Sealdrop <no-reply@localhost>'),
    /**
     * REDIS_URL: redis://[:password@]host:port[/db] or rediss://…; rate limits are then counted in
     * Redis and shared by every process; unset = counted in each process's memory.
     */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    /** REDIS_KEY_PREFIX: starts every key Sealdrop writes, so deployments can share one Redis. */
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:._-]{1,64}$/, 'must be 1–64 letters, digits or : . _ -')
      .default('sealdrop:'),
    /** ABUSE_EMAIL: where abuse notices go; shown on /terms, in the report dialog and block messages. */
    ABUSE_EMAIL: z.email().optional(),
    /** OPERATOR_NAME: who runs this instance, as /terms names it; unset = the page's plain default. */
    OPERATOR_NAME: z.string().trim().min(1).max(120).optional(),
    /** RATE_LIMIT_REPORTS_PER_MINUTE: abuse reports per address. */
    RATE_LIMIT_REPORTS_PER_MINUTE: positiveInt.default(5),
    /** REPORT_RETENTION_DAYS: closed reports are deleted this long after they were closed. */
    REPORT_RETENTION_DAYS: positiveInt.default(90),
    /**
     * ANON_DAILY_BYTES, ANON_DAILY_UPLOADS: what one address may upload without an account in any
     * 24 hours (rolling); 0 = no limit. Counted at presign (size + encryptedMetadata length).
     */
    ANON_DAILY_BYTES: byteSize.default(10 * GB),
    ANON_DAILY_UPLOADS: count.default(100),
    /** ACCOUNT_DAILY_BYTES, ACCOUNT_DAILY_UPLOADS: the same per signed-in (free) account. */
    ACCOUNT_DAILY_BYTES: byteSize.default(50 * GB),
    ACCOUNT_DAILY_UPLOADS: count.default(500),
    /** PREMIUM_DAILY_BYTES, PREMIUM_DAILY_UPLOADS: the same per premium account. */
    PREMIUM_DAILY_BYTES: byteSize.default(1024 * GB),
    PREMIUM_DAILY_UPLOADS: count.default(2000),
    /** STORAGE_MAX_BYTES: the whole instance's cap (bytes of live files); unset or 0 = none. */
    STORAGE_MAX_BYTES: byteSize.optional(),
    /**
     * CLAMAV_URL: the clamd that checks plain (unencrypted) uploads before their links turn ready:
     * `tcp://host:port`, or the absolute path of its unix socket; unset = no malware scanning.
     */
    CLAMAV_URL: z
      .string()
      .trim()
      .refine(isClamdAddress, 'must be tcp://host:port or the absolute path of a unix socket')
      .optional(),
    /**
     * CLAMAV_FAIL: when clamd cannot be reached (or refuses a file), `open` serves the file
     * unscanned (logged once per outage, counted); `closed` keeps it waiting and tries again.
     */
    CLAMAV_FAIL: z.enum(['open', 'closed']).default('open'),
    /**
     * CLAMAV_MAX_BYTES: the largest plain file sent to clamd; set clamd's StreamMaxLength and
     * MaxFileSize at least this high (clamd cannot scan 2 GB or more). Larger plain files are
     * served unscanned with CLAMAV_FAIL=open, refused at presign (413) with `closed`.
     */
    CLAMAV_MAX_BYTES: byteSize
      .refine((bytes) => bytes > 0 && bytes < 2 * GB, 'must be above 0 and below 2GB')
      .default(100 * MiB),
    /** RATE_LIMIT_FEEDBACK_PER_MINUTE: feedback submissions per IP. */
    RATE_LIMIT_FEEDBACK_PER_MINUTE: positiveInt.default(5),
    /** SOLANA_RPC_URL: JSON-RPC endpoint the server reads balances and supply from. */
    SOLANA_RPC_URL: z.url().default('https://api.mainnet-beta.solana.com'),
    /** SOLANA_CHAIN_ID: the "Chain ID" line of the Sign-In-With-Solana message. */
    SOLANA_CHAIN_ID: z
      .string()
      .regex(/^[a-z0-9:-]{1,40}$/)
      .default('mainnet'),
    /** SOLANA_RPC_TIMEOUT_MS: a slower RPC answer counts as unreachable (503). */
    SOLANA_RPC_TIMEOUT_MS: positiveInt.default(8000),
    /** TOKEN_MINT: the token's mint address; unset or all-ones = token features off. */
    TOKEN_MINT: z
      .string()
      .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 Solana address')
      .optional(),
    /** TOKEN_SYMBOL, TOKEN_NAME: how the token is shown. */
    TOKEN_SYMBOL: z.string().min(1).max(16).default('SEAL'),
    TOKEN_NAME: z.string().min(1).max(64).default('Sealdrop Token'),
    /** TOKEN_DECIMALS: used when the chain does not say. */
    TOKEN_DECIMALS: z.coerce.number().int().min(0).max(18).default(6),
    /** TOKEN_LAUNCH_URL, TOKEN_MARKET_URL, TOKEN_EXPLORER_URL: link templates; {mint} is replaced. */
    TOKEN_LAUNCH_URL: z.string().min(1).default('https://pump.fun/coin/{mint}'),
    TOKEN_MARKET_URL: z.string().min(1).default('https://dexscreener.com/solana/{mint}'),
    TOKEN_EXPLORER_URL: z.string().min(1).default('https://solscan.io/token/{mint}'),
    /** MARKET_DATA_URL: base of a DexScreener-compatible API (GET {base}/latest/dex/tokens/{mint}). */
    MARKET_DATA_URL: z.url().default('https://api.dexscreener.com'),
    /** PREMIUM_MIN_BALANCE: whole tokens in a linked wallet that make an account premium. */
    PREMIUM_MIN_BALANCE: z.coerce.number().int().min(0).default(10_000),
    /** REWARD_UPLOAD_BASE, REWARD_UPLOAD_PER_GIB: upload reward = base + per-GiB × stored GiB (floored). */
    REWARD_UPLOAD_BASE: z.coerce.number().int().min(0).default(10),
    REWARD_UPLOAD_PER_GIB: z.coerce.number().int().min(0).default(10),
    /**
     * REWARD_DOWNLOAD: credited to the uploader once per (file, downloader), where a downloader is
     * an account and an address (IPv4, or IPv6 /64).
     */
    REWARD_DOWNLOAD: z.coerce.number().int().min(0).default(1),
    /** REWARD_DOWNLOAD_DAILY_PER_FILE: download rewards one file earns in any 24 hours, at most. */
    REWARD_DOWNLOAD_DAILY_PER_FILE: positiveInt.default(100),
    /** REWARD_DOWNLOAD_DAILY_PER_UPLOADER: download rewards one account earns in any 24 hours, at most. */
    REWARD_DOWNLOAD_DAILY_PER_UPLOADER: positiveInt.default(1000),
    /** REWARD_MIN_BYTES: files smaller than this earn no reward (uploads and downloads). */
    REWARD_MIN_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(1024 * 1024),
    /** RATE_LIMIT_WALLET_PER_MINUTE: nonce, connect and reward calls per IP. */
    RATE_LIMIT_WALLET_PER_MINUTE: positiveInt.default(30),
    /**
     * TRUST_PROXY: which reverse proxies may set X-Forwarded-* (client IP, protocol, host):
     * `false`, a hop count (`1` = the one proxy in front), or proxy addresses/CIDRs.
     */
    TRUST_PROXY: trustProxySchema.default(false),
    /** LOG_LEVEL: pino level. */
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /**
     * LOG_FORMAT: `json` (one JSON object a line, for log collectors), `pretty` (one readable
     * line per event), or `auto`: pretty when stdout is a terminal, JSON otherwise.
     */
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
    /**
     * METRICS_TOKEN: serves GET /metrics (Prometheus text) to requests carrying
     * `Authorization: Bearer <token>`; unset (and no METRICS_PORT) = no metrics route.
     */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /**
     * METRICS_PORT: serves GET /metrics on a listener of its own on this port (same HOST), not on
     * PORT; the token is still required there when METRICS_TOKEN is set.
     */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /**
     * REQUEST_BODY_IDLE_SECONDS: a request body (an upload part, say) that sends no byte for this
     * long is cut off and its temporary file removed.
     */
    REQUEST_BODY_IDLE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /**
     * KEEP_ALIVE_TIMEOUT_SECONDS: an idle keep-alive connection is closed after this long; behind a
     * load balancer, set it above the balancer's own idle timeout.
     */
    KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(72),
    /** SHUTDOWN_GRACE_SECONDS: on SIGTERM/SIGINT, how long in-flight requests may take to finish. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(25),
    /** WEB_DIST: folder of the built web app (default: packages/web/dist). */
    WEB_DIST: z.string().min(1).optional(),
    /** SERVE_WEB: serve the web app from this process (false for an API-only process). */
    SERVE_WEB: bool.default(true),
  })
  .superRefine((config, ctx) => {
    const oidc = [config.OIDC_ISSUER, config.OIDC_CLIENT_ID, config.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together',
      });
    }
    // A mailed link goes to someone other than the requester: built from a Host header the
    // requester chooses, a reset link would carry its token to the requester's site.
    if (config.SMTP_URL && !config.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'is required when SMTP_URL is set (links in mail are built on it, never on a request Host)',
      });
    }
    if (config.METRICS_PORT && config.METRICS_PORT === config.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT (unset it to serve /metrics on PORT with METRICS_TOKEN)',
      });
    }
    if (config.STORAGE !== 's3') return;
    for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!config[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required when STORAGE=s3' });
    }
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = configSchema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
