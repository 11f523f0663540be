/** Every BFF setting, from the environment, validated at start; errors name the variable. */
import { isIP } from 'node:net';
import { z } from 'zod';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR range or a range name. */
function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which hops to believe X-Forwarded-For from: `false` (none, the default), a hop count (the number
 * of proxies in front of the BFF), or the proxies' addresses / CIDR ranges. Never "every hop": a
 * client could then name any address it likes and walk past the sign-in limits.
 */
const TrustProxy = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value === 'false' || value === '0') return;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'Trusting every hop lets any client forge its address. Give the number of proxies in front of the BFF (1..10) or their addresses (10.0.0.5,10.0.1.0/24).',
      });
      return;
    }
    if (/^\d+$/.test(value)) {
      if (Number(value) > 10) ctx.addIssue({ code: 'custom', message: 'A hop count is 1..10.' });
      return;
    }
    const bad = value
      .split(',')
      .map((e) => e.trim())
      .filter((e) => !isProxyAddress(e));
    if (bad.length > 0) ctx.addIssue({ code: 'custom', message: `Not an address, CIDR range or ${RANGE_NAMES.join('/')}: ${bad.join(', ')}.` });
  })
  .transform((value): false | number | string[] => {
    if (value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(',').map((e) => e.trim());
  });

const Env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('127.0.0.1'),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z.url().optional(),
    VOICE_API_BASE_URL: z.url(),
    VOICE_API_KEY: z.string().min(8),
    VOICE_API_KEY_SECONDARY: z.string().min(8).optional(),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    DEMO_PASSWORD: z.string().min(8).default('switchboard-demo'),
    DEMO_ACCOUNTS: bool.default(false),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
    SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
    SESSIONS_PER_USER: z.coerce.number().int().min(1).max(1000).default(50),
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    CAMPAIGN_RECIPIENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    PRUNE_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
    ALLOWED_ORIGINS: z.string().optional(),
    TRUST_PROXY: TrustProxy.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    STATIC_DIR: z.string().default('dist/client'),
    RECORDING_CACHE_MB: z.coerce.number().int().min(1).default(64),
    RECORDING_MAX_MB: z.coerce.number().int().min(1).max(1024).default(64),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    TOKEN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    INDEX_SYNC: bool.default(true),
    INDEX_BACKFILL_DAYS: z.coerce.number().int().min(1).max(3660).default(30),
    INDEX_INTERVAL_SECONDS: z.coerce.number().min(0.1).max(86_400).default(30),
    INDEX_RECENT_DAYS: z.coerce.number().int().min(0).max(31).default(2),
    INDEX_RATE_PER_SECOND: z.coerce.number().min(0.1).max(10_000).default(5),
    INDEX_RATE_MAX_PER_SECOND: z.coerce.number().min(0.1).max(10_000).default(150),
    INDEX_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    INDEX_TRANSCRIPTS_PER_PASS: z.coerce.number().int().min(0).max(1_000_000).default(300),
    INDEX_COUNT_CAP: z.coerce.number().int().min(1).max(100_000_000).default(1000),
    INDEX_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_600).default(0),
    ALERTS: bool.default(true),
    ALERTS_INTERVAL_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
    ALERT_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(10_000),
    ALERT_RETRY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
    ALERT_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    BLACKOUT_INTERVAL_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
    LOCAL_HOURS_HOLD: bool.default(true),
    ALERT_WEBHOOK_LOOPBACK: bool.default(false),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_ROLE_CLAIM: z.string().min(1).default('switchboard_role'),
    OIDC_SCOPES: z.string().default('openid profile email'),
  })
  .superRefine((env, ctx) => {
    // Cookies are Secure: browsers accept them over plain http on localhost only.
    if (env.PUBLIC_URL) {
      const url = new URL(env.PUBLIC_URL);
      if (url.protocol === 'http:' && !LOOPBACK.includes(url.hostname)) {
        ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'Must be https (plain http is allowed on localhost only).' });
      }
    }
    // Tokens and identities travel over these: plain http only to this machine (development, tests).
    for (const name of ['OIDC_ISSUER', 'VOICE_API_BASE_URL'] as const) {
      const value = env[name];
      if (value && new URL(value).protocol === 'http:' && !LOOPBACK.includes(new URL(value).hostname)) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'Must be https (plain http is allowed to localhost only).' });
      }
    }
    if (env.OIDC_ISSUER) {
      if (!env.OIDC_CLIENT_ID) ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_ID'], message: 'Required with OIDC_ISSUER.' });
      if (!env.PUBLIC_URL)
        ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'Required with OIDC_ISSUER (the redirect URI is PUBLIC_URL/auth/oidc/callback).' });
    }
  });

export type Config = z.infer<typeof Env>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The settings a person can set, for the README's table. */
export const CONFIG_DOC: Record<keyof Config, string> = {
  PORT: 'Port of the BFF (default 8080).',
  HOST: 'Interface to listen on (default 127.0.0.1).',
  PUBLIC_URL: 'The URL staff use (https in production: cookies become __Host- and Secure, HSTS is sent).',
  DATABASE_URL: 'PostgreSQL connection string (required; npm start sets it to its embedded server, data in DB_DATA_DIR, default .data/postgres).',
  VOICE_API_BASE_URL: 'The upstream Voice API (https; http only to localhost); unset with npm start: the embedded simulator.',
  VOICE_API_KEY: 'The upstream API key (never leaves the server).',
  VOICE_API_KEY_SECONDARY: 'The second key of the pair; takes over when the first is refused.',
  UPSTREAM_TIMEOUT_MS: 'Upstream timeout in ms (default 10000); past it: 504.',
  DEMO_PASSWORD: 'Password of the demo accounts (embedded default only; default switchboard-demo).',
  DEMO_ACCOUNTS: 'Create viewer/operator/admin demo accounts (npm start sets it on the embedded default only).',
  SESSION_IDLE_MINUTES: 'Session idle timeout (default 30).',
  SESSION_ABSOLUTE_HOURS: 'Session absolute lifetime (default 12).',
  SESSIONS_PER_USER: 'Sessions one user may hold at once (default 50); signing in past it ends their oldest.',
  AUDIT_RETENTION_DAYS: 'Audit rows older than this are deleted (default 365).',
  CAMPAIGN_RECIPIENT_RETENTION_DAYS:
    "The numbers a campaign created through Switchboard was sent with (its recipients table) are deleted this many days after the campaign's creation (default 365).",
  PRUNE_INTERVAL_MINUTES: 'How often old audit rows, ended sessions, expired tokens and drafts are pruned (default 60; one instance at a time).',
  REQUEST_TIMEOUT_MS: 'Time a client has to send a whole request, headers and body (default 30000); a slower one is cut off (408).',
  ALLOWED_ORIGINS: 'Comma-separated origins allowed to make state-changing requests (default: the request host).',
  TRUST_PROXY:
    'Which hops X-Forwarded-For is believed from: false (default), the number of proxies in front of the BFF (e.g. 1), or their addresses/CIDR ranges (10.0.0.5,10.0.1.0/24, or loopback). "true" (every hop) is refused.',
  LOG_LEVEL: 'pino level (default info).',
  STATIC_DIR: 'Built SPA directory (default dist/client).',
  RECORDING_CACHE_MB: 'Decoded-recording cache size in MB, counted in bytes of audio (default 64); a recording larger than it is served but not kept.',
  RECORDING_MAX_MB:
    'Largest recording served, in MB of decoded audio (default 64: an hour of 8 kHz 16-bit mono WAV is 58); a larger one is refused (502 naming the limit) and its download stopped.',
  LOGIN_MAX_FAILURES:
    'Sign-in attempts per account and address per 15 minutes before 429 (default 5); past 20x that per address or 10x per account, only places an account signed in from before are let in.',
  TOKEN_RATE_PER_MINUTE: 'Token requests per user per minute (default 120).',
  INDEX_SYNC: 'Keep the call index in sync with the upstream (default true; with several instances on one PostgreSQL, one syncs).',
  INDEX_BACKFILL_DAYS: 'Days of calls the index backfills (default 30).',
  INDEX_INTERVAL_SECONDS: 'Seconds between index sync passes (default 30); another instance takes over within two.',
  INDEX_RECENT_DAYS: 'Days before today the index reads again on every pass, because statuses change (default 2).',
  INDEX_RATE_PER_SECOND:
    'Upstream requests per second the index starts at (default 5); it grows while answers stay fast and free of 429s, halves on a 429 and slows on slow answers (ADR 0055).',
  INDEX_RATE_MAX_PER_SECOND: 'The most upstream requests per second the index grows to (default 150; set it to INDEX_RATE_PER_SECOND for a fixed rate).',
  INDEX_CONCURRENCY: 'Parallel upstream reads of the index, on its own connection pool (default 2).',
  INDEX_TRANSCRIPTS_PER_PASS:
    'Transcripts the index fetches per pass, newest calls first (default 300); a pass that fetched its whole share is followed at once, not after the interval.',
  INDEX_RETENTION_DAYS:
    'Days of calls and transcripts the index keeps, today included (default 0: all); older ones are pruned after each sync pass, with their Insights rollups.',
  INDEX_COUNT_CAP: 'Matches a calls search counts before its total reads "1,000+" (default 1000); the console offers the exact count on demand.',
  ALERTS: 'Evaluate watched views and send alerts (default true; with several instances on one PostgreSQL, one evaluates).',
  ALERTS_INTERVAL_SECONDS: 'Seconds between evaluations of the watched views (default 30), each at the instant the call index is complete to.',
  ALERT_RETRY_BASE_MS: 'First wait before a failed webhook delivery or auto-pause is tried again (default 10000 ms; doubling, with jitter).',
  ALERT_RETRY_ATTEMPTS: 'Attempts at a webhook delivery or an auto-pause before it is given up (default 6).',
  ALERT_WEBHOOK_TIMEOUT_MS: 'How long a webhook receiver may take to answer (default 5000 ms).',
  BLACKOUT_INTERVAL_SECONDS:
    'Seconds between the checks that pause campaigns at local midnight of a blackout date and resume them after (default 60; retries use ALERT_RETRY_BASE_MS and ALERT_RETRY_ATTEMPTS).',
  LOCAL_HOURS_HOLD:
    'Hold back one call or bulk-call numbers whose local time (the zone of the number) is outside the calling windows (default true; operators and admins may override per request).',
  ALERT_WEBHOOK_LOOPBACK:
    'Development only: allow webhook URLs on this machine (http or https to localhost/127.0.0.1/::1). Default false: https to public addresses only.',
  OIDC_ISSUER: 'OpenID Connect issuer URL (https; http only to localhost); set: staff may sign in with it (GET /auth/oidc/login), local accounts still work.',
  OIDC_CLIENT_ID: 'OpenID Connect client id (required with OIDC_ISSUER).',
  OIDC_CLIENT_SECRET: 'OpenID Connect client secret (confidential client; omit for a public client with PKCE only).',
  OIDC_ROLE_CLAIM: 'ID token / userinfo claim holding the Switchboard role: viewer, operator or admin (default switchboard_role).',
  OIDC_SCOPES: 'Scopes asked of the provider (default "openid profile email").',
};
