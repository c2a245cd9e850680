// Every environment variable, parsed once with zod. With none set, the app runs
// fully locally: SQLite in db/, uploads in uploads/, and no payment provider.
// DATABASE_URL=postgres://... runs on PostgreSQL instead (issue #27).
import path from 'node:path';
import { z } from 'zod';
import { StorageUrl } from './storage/storage-url';

// Defaults of the shutdown settings (the server's plumbing, so not in src/domain/rules.ts).
/**
 * Default of SHUTDOWN_DRAIN_MS: how long a stopping process keeps serving with /readyz at 503 before it
 * stops accepting connections, so a load balancer's health checks take it out first (0: stop at once).
 */
export const SHUTDOWN_DRAIN_MS_DEFAULT = 0;
/** Default of SHUTDOWN_TIMEOUT_MS: how long in-flight requests and writes may take to finish on shutdown before they are cut. */
export const SHUTDOWN_TIMEOUT_MS_DEFAULT = 10_000;

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_PATH: z.string().default('db/dinohunt.sqlite'),
  /**
   * postgres://user:password@host:port/database: run on PostgreSQL (migrated on start). Read from
   * the environment the process starts with (the tables are chosen then); unset: SQLite at DATABASE_PATH.
   */
  DATABASE_URL: optional.refine((v) => v === undefined || /^postgres(ql)?:\/\//i.test(v), 'must be a postgres:// URL, or unset for SQLite'),
  UPLOADS_DIR: z.string().default('uploads'),
  /**
   * s3://bucket[/prefix]?endpoint=http://host:port&region=...&forcePathStyle=true: uploads in S3-compatible
   * object storage, shared by every process (issue #28, decision 894); credentials from the AWS environment
   * variables. Unset: the local disk at UPLOADS_DIR (which otherwise only holds uploads being processed).
   */
  STORAGE_URL: StorageUrl,
  PUBLIC_URL: optional,
  /**
   * smtp://user:pass@host:587 (STARTTLS where the server offers it) or smtps://...:465: the mail server
   * every mail goes out through (issue #45). Unset: mails are written to the log and kept in the
   * development outbox the admin reads in System Controls (decision 990).
   */
  SMTP_URL: optional.refine((v) => v === undefined || /^smtps?:\/\/[^\s]+$/i.test(v), 'must be an smtp:// or smtps:// URL, or unset to keep mails in the log'),
  /** The From of every mail: an address, or "Name <address>". */
  MAIL_FROM: z.string().trim().min(3).default('Dinohunt <no-reply@dinohunt.app>'),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** Test double of Stripe's API, e.g. http://127.0.0.1:12111 (tests only). */
  STRIPE_API_BASE: optional,
  ADMIN_USERNAME: optional,
  ADMIN_PASSWORD: optional,
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  SUPPORT_EMAIL: z.string().email().default('support@dinohunt.app'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which proxies may set X-Forwarded-For (the client address the rate limits count by):
   * unset/false = none (direct connections), true = any, a number = that many hops,
   * or a comma-separated list of proxy addresses/CIDRs. Never `true` without a proxy in front.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value): boolean | number | string[] => {
      const v = value?.trim() ?? '';
      if (v === '' || v === 'false') return false;
      if (v === 'true') return true;
      if (/^\d+$/.test(v)) return Number(v);
      return v.split(',').map((part) => part.trim()).filter(Boolean);
    }),
  /** Requests per minute per client on the auth and join routes. */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** Messages (text, quick actions, broadcasts) per minute per account, whichever door. */
  MESSAGE_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /**
   * Whether new accounts confirm their address by a mailed link before a game master may publish a
   * public expedition or pay for a plan (issue #45, decision 993): `required` or `off`. Unset: required
   * when SMTP_URL is set (a server that sends no mail cannot ask for it).
   */
  EMAIL_VERIFICATION: optional.pipe(z.enum(['required', 'off']).optional()),
  /** Mails per hour to one address, and about one account (issue #45): past it a mail is dropped and logged. */
  MAIL_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  /** Photo and video uploads per minute per account. */
  UPLOAD_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /**
   * HQ's place search (decision 815): a Nominatim-compatible geocoder's base URL, called by the
   * server only (one request a second, cached). Empty turns the search off: the box then takes
   * coordinates ("lat, lng") and "Use my location" only.
   */
  GEOCODER_URL: z
    .string()
    .trim()
    .default('https://nominatim.openstreetmap.org')
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), 'must be an http(s) URL, or empty to turn place search off')
    .transform((v) => v.replace(/\/+$/, '')),
  /**
   * Graceful shutdown (decision 898): how long a stopping process keeps serving with /readyz at 503
   * before it stops accepting, so the load balancer's health checks take it out of rotation first.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(SHUTDOWN_DRAIN_MS_DEFAULT),
  /** Graceful shutdown: how long in-flight requests and writes may take to finish before they are cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(SHUTDOWN_TIMEOUT_MS_DEFAULT),
  /** Contact address sent with every geocoder request (Nominatim's `email` parameter), as its usage policy asks. */
  GEOCODER_EMAIL: z.union([z.literal(''), z.string().trim().email()]).optional().transform((v) => v || undefined),
  /** The User-Agent the server identifies itself with to the geocoder. */
  GEOCODER_USER_AGENT: z.string().trim().min(1).default('Dinohunt/1.0 (GPS dinosaur hunts; place search for game masters)'),
});

export type Config = z.infer<typeof ConfigSchema> & { clientDir: string };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // CLIENT_DIR lets parallel end-to-end runs each serve their own build.
  return { ...parsed.data, clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client') };
}

/** Whether new addresses must be confirmed (EMAIL_VERIFICATION, by default whether SMTP_URL is set). */
export function emailVerificationRequired(config: Pick<Config, 'EMAIL_VERIFICATION' | 'SMTP_URL'>): boolean {
  return (config.EMAIL_VERIFICATION ?? (config.SMTP_URL ? 'required' : 'off')) === 'required';
}

export function paymentsConfigured(config: Config): boolean {
  return Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_WEBHOOK_SECRET);
}
