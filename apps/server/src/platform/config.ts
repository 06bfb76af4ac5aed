import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_FAX_EMAIL_DOMAIN, parseCarrierRoutes, type TCarrierSetting } from '@faxline/shared';
import { z } from 'zod';
import { serverPath } from './server-root';
import { createHash } from 'node:crypto';

/**
 * The server's configuration, read from the environment once at start. Nothing else reads `process.env`
 * (an ESLint rule enforces it): every setting is named, typed and documented here.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'], { error: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1');

/** A files master key: 32 random bytes in base64 (`openssl rand -base64 32`). */
const ZFilesMasterKey = z.string().refine((value) => Buffer.from(value, 'base64').length === 32, { error: 'expected 32 bytes in base64' });

const ZEnv = z.object({
  // Unset means a local trial (`npm start`): e-mail confirmation off, demo data seeded, /dev/mailbox open.
  NODE_ENV: z.enum(['development', 'test', 'production'], { error: 'expected development, test or production' }).default('development'),
  HOST: z.string().min(1, { error: 'expected a host name or address' }).default('localhost'),
  PORT: z.coerce
    .number({ error: 'expected a whole number from 0 to 65535' })
    .int({ error: 'expected a whole number from 0 to 65535' })
    .min(0, { error: 'expected a whole number from 0 to 65535' })
    .max(65535, { error: 'expected a whole number from 0 to 65535' })
    .default(3000),
  /** The address people reach Faxline at (links in e-mails; https there turns on HSTS and Secure cookies). */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).optional(),
  /** An external PostgreSQL; without it the server starts its own embedded one in DATA_DIR/pg. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'expected a postgres:// or postgresql:// URL' }).optional(),
  DATA_DIR: z.string().min(1, { error: 'expected a folder path' }).default('./data'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'expected one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  /** Pretty, coloured logs for a person at a terminal; JSON lines otherwise. */
  LOG_PRETTY: booleanFromEnv.optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  /** How long a graceful shutdown may take before the process gives up on draining. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number({ error: 'expected a number of milliseconds' }).int().min(100).max(120_000).default(10_000),
  /** Secret that signs session cookies; without it one is generated once and kept in DATA_DIR/auth.secret. */
  AUTH_SECRET: z.string().min(32, { error: 'expected at least 32 characters' }).optional(),
  /** Ask new people to confirm their e-mail address before they can sign in (default: on, except in development). */
  EMAIL_CONFIRMATION: booleanFromEnv.optional(),
  /** An SMTP relay (smtp:// or smtps://); without it e-mail is kept in the database and shown at /dev/mailbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z
    .string()
    .min(3, { error: 'expected a sender such as "Faxline <no-reply@example.com>"' })
    .default('Faxline <no-reply@faxline.localhost>'),
  /** A session ends after this long unused... */
  SESSION_IDLE_HOURS: z.coerce
    .number({ error: 'expected a number of hours' })
    .min(0.25, { error: 'expected at least 0.25 hours' })
    .max(24 * 90)
    .default(24),
  /** ...and in any case this long after sign-in. */
  SESSION_ABSOLUTE_DAYS: z.coerce
    .number({ error: 'expected a number of days' })
    .min(1, { error: 'expected at least 1 day' })
    .max(365)
    .default(30),
  /**
   * A signed-in page read (GET) trusts the signed copy of the session in its cookie for this long before reading the
   * database again: a session ended elsewhere (sign-out, deleted person) stops reading within this time; writes, the
   * session check and the back office always read the database. 0 turns the copy off.
   */
  SESSION_COOKIE_CACHE_SECONDS: z.coerce
    .number({ error: 'expected a whole number of seconds from 0 to 60' })
    .int({ error: 'expected a whole number of seconds from 0 to 60' })
    .min(0, { error: 'expected a whole number of seconds from 0 to 60' })
    .max(60, { error: 'expected a whole number of seconds from 0 to 60' })
    .default(60),
  /** Fax history answers kept in memory per process until their account changes (0 = none; decision 035). */
  HISTORY_CACHE_ENTRIES: z.coerce
    .number({ error: 'expected a whole number from 0 to 1000000' })
    .int({ error: 'expected a whole number from 0 to 1000000' })
    .min(0, { error: 'expected a whole number from 0 to 1000000' })
    .max(1_000_000, { error: 'expected a whole number from 0 to 1000000' })
    .default(10_000),
  /** Multiplies every per-address rate limit: raise it where many people share one address (an office behind NAT). */
  RATE_LIMIT_FACTOR: z.coerce.number({ error: 'expected a number' }).min(1, { error: 'expected at least 1' }).max(10_000).default(1),
  /** Master key of the encrypted file store (32 bytes, base64); without it one is generated into DATA_DIR/files.key. */
  FILES_MASTER_KEY: ZFilesMasterKey.optional(),
  /**
   * Where the encrypted files are kept (decision 060): `local`, the folder DATA_DIR/files, or `s3`, an S3-compatible
   * bucket: S3_BUCKET, S3_REGION, S3_ENDPOINT (unset: Amazon S3) and S3_ACCESS_KEY_ID with S3_SECRET_ACCESS_KEY (unset:
   * the AWS SDK's own chain, such as an instance role). S3_FORCE_PATH_STYLE puts the bucket in the path
   * (http://host/bucket/key) rather than the host name; default: on when S3_ENDPOINT is set. `npm run files:move`
   * reads the S3_* settings whatever FILES_BACKEND says.
   */
  FILES_BACKEND: z.enum(['local', 's3'], { error: 'expected local or s3' }).default('local'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'expected a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens' })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, { error: 'expected a region such as us-east-1' })
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1, { error: 'expected an access key id' }).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1, { error: 'expected a secret access key' }).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  /**
   * Where backups go (decision 110): a folder (default DATA_DIR/backups), or, with BACKUP_S3_BUCKET, that bucket of the
   * S3_* server (S3_ENDPOINT, S3_REGION and the credentials), each backup under its own prefix.
   */
  BACKUP_DIR: z.string().min(1, { error: 'expected a folder path' }).optional(),
  BACKUP_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'expected a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens' })
    .optional(),
  /** Speeds up the sandbox line's call time and the retry waits (1 = real time; tests use a fast clock). */
  FAX_CLOCK_SCALE: z.coerce.number({ error: 'expected a number from 0 to 1' }).min(0).max(1).default(1),
  /** Connections of this process's main database pool (requests and job steps). */
  DB_POOL_SIZE: z.coerce.number({ error: 'expected a whole number from 2 to 200' }).int().min(2).max(200).default(10),
  /** How long a request may wait for a free connection before it answers 503 (nothing is changed). */
  DB_CONNECTION_TIMEOUT_MS: z.coerce.number({ error: 'expected a number of milliseconds' }).int().min(100).max(120_000).default(10_000),
  /** Longest a single SQL statement may run (0 = no limit). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number({ error: 'expected a number of milliseconds' }).int().min(0).max(3_600_000).default(30_000),
  /** Connections of the job queue's own pool. */
  QUEUE_POOL_SIZE: z.coerce.number({ error: 'expected a whole number from 2 to 100' }).int().min(2).max(100).default(4),
  /**
   * How many of one kind of job a worker process runs at once, job by job, over each job's own default
   * (`faxes.transmit=40,webhooks.deliver=8`); RENDER_CONCURRENCY and LINE_CONCURRENCY set the two busiest.
   */
  JOB_CONCURRENCY: z
    .string()
    .trim()
    .regex(/^[a-z][\w.-]*=\d{1,3}(\s*,\s*[a-z][\w.-]*=\d{1,3})*$/, {
      error: 'expected job=count pairs, such as faxes.transmit=40,webhooks.deliver=8',
    })
    .optional(),
  /**
   * Faxes prepared (converted and rendered) at once by one worker process; default two per core (decision 141): a
   * preparation waits on the database, the files and its renderer for half its time, and the warm renderers themselves
   * stay one per core.
   */
  RENDER_CONCURRENCY: z.coerce.number({ error: 'expected a whole number from 1 to 64' }).int().min(1).max(64).optional(),
  /**
   * The converters' box (documents/convert/converter-box.ts): what one run of Ghostscript or LibreOffice may use of memory
   * (address space), CPU time and wall time before its whole process group is killed and the document refused.
   */
  CONVERTER_MEMORY_MB: z.coerce
    .number({ error: 'expected a number of megabytes from 128 to 65536' })
    .int()
    .min(128)
    .max(65_536)
    .default(1024),
  CONVERTER_CPU_SECONDS: z.coerce.number({ error: 'expected a number of seconds from 1 to 3600' }).int().min(1).max(3600).default(120),
  CONVERTER_TIMEOUT_SECONDS: z.coerce.number({ error: 'expected a number of seconds from 1 to 3600' }).int().min(1).max(3600).default(90),
  /** The T.30 fax engine (native/faxmodem, built by `npm run setup`); default: its build in this checkout. */
  FAXMODEM_PATH: z.string().min(1, { error: 'expected a file path' }).optional(),
  /**
   * Where the sandbox's exchange takes inbound calls (`npm run fax:call`): a unix socket, reachable only on this
   * machine; default DATA_DIR/sandbox-exchange.sock.
   */
  SANDBOX_EXCHANGE_PATH: z.string().min(1, { error: 'expected a file path' }).optional(),
  /** Calls to one destination number at once, over all lines (a busy fax machine is not made busier). */
  DESTINATION_CALL_LIMIT: z.coerce.number({ error: 'expected a whole number from 1 to 50' }).int().min(1).max(50).default(1),
  /** Fax calls made at once by one worker process (they wait on the line, so many). */
  LINE_CONCURRENCY: z.coerce.number({ error: 'expected a whole number from 1 to 500' }).int().min(1).max(500).default(20),
  /**
   * The CPU priority of the job worker that `--role=all` starts in a process of its own (0, the web's, to 19): a
   * render or a call never holds up a web request, and idle cores still go to the worker (decision 037).
   */
  WORKER_NICENESS: z.coerce
    .number({ error: 'expected a whole number from 0 to 19' })
    .int({ error: 'expected a whole number from 0 to 19' })
    .min(0, { error: 'expected a whole number from 0 to 19' })
    .max(19, { error: 'expected a whole number from 0 to 19' })
    .default(10),
  /** Seed demo data (clearly marked) into an empty database (default: on in development only). */
  DEMO_DATA: booleanFromEnv.optional(),
  /**
   * The numbers outside Faxline that the sandbox line (simulated, says so) takes: every one, or only its test numbers.
   * Default: every one in development and tests; only the test numbers in production, where nothing may pretend, so
   * that another number is refused until a real line serves it.
   */
  SANDBOX_LINE: z.enum(['every-number', 'test-numbers'], { error: 'expected every-number or test-numbers' }).optional(),
  /** E-mail to fax: the SMTP gateway's port (0: any free one), and `off` for none in this process. */
  SMTP_INGRESS_PORT: z
    .union([
      z.literal('off'),
      z.coerce
        .number({ error: 'expected off or a whole number from 0 to 65535' })
        .int({ error: 'expected off or a whole number from 0 to 65535' })
        .min(0, { error: 'expected off or a whole number from 0 to 65535' })
        .max(65535, { error: 'expected off or a whole number from 0 to 65535' }),
    ])
    .default(2525),
  /** The gateway's listening address (default: HOST). */
  SMTP_INGRESS_HOST: z.string().min(1, { error: 'expected a host name or address' }).optional(),
  /** A certificate and its key (PEM files) turn on STARTTLS at the gateway. */
  SMTP_INGRESS_TLS_CERT: z.string().min(1, { error: 'expected a file path' }).optional(),
  SMTP_INGRESS_TLS_KEY: z.string().min(1, { error: 'expected a file path' }).optional(),
  /** Connections the gateway takes at once from one client (an IPv4 address or an IPv6 /64), and per sending address. */
  SMTP_INGRESS_CONNECTIONS_PER_CLIENT: z.coerce
    .number({ error: 'expected a whole number from 1 to 100' })
    .int()
    .min(1)
    .max(100)
    .default(20),
  SMTP_INGRESS_CONNECTIONS_PER_SENDER: z.coerce
    .number({ error: 'expected a whole number from 1 to 100' })
    .int()
    .min(1)
    .max(100)
    .default(10),
  /** Megabytes of messages the gateway reads into faxes at once (their files are in memory then); more wait their turn. */
  SMTP_INGRESS_READING_MB: z.coerce.number({ error: 'expected a whole number from 16 to 4096' }).int().min(16).max(4096).default(128),
  /** Faxes are e-mailed to `<number's digits>@FAX_EMAIL_DOMAIN`. */
  FAX_EMAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i, {
      error: 'expected a domain name such as fax.example.com',
    })
    .default(DEFAULT_FAX_EMAIL_DOMAIN),
  /** How strictly a sender's domain is checked for accounts that chose nothing (default: enforce in production). */
  EMAIL_AUTH_POLICY: z.enum(['off', 'report', 'enforce'], { error: 'expected off, report or enforce' }).optional(),
  /** Folder of the built web app, served with SPA fallback; empty (or no index.html there) means API only. */
  WEB_DIST_DIR: z.string().optional(),
  /** Folder of the built client libraries (packages/client/dist/downloads), served at /downloads (decision 127). */
  CLIENT_DOWNLOADS_DIR: z.string().optional(),
  /**
   * A HylaFAX server that sends for Faxline over its client protocol (decision 047): its host (unset: no HylaFAX
   * line), port, the user it knows Faxline by (hosts.hfaxd) and that user's password, when it asks for one.
   */
  HYLAFAX_HOST: z.string().min(1, { error: 'expected a host name or address' }).optional(),
  HYLAFAX_PORT: z.coerce
    .number({ error: 'expected a whole number from 1 to 65535' })
    .int({ error: 'expected a whole number from 1 to 65535' })
    .min(1, { error: 'expected a whole number from 1 to 65535' })
    .max(65535, { error: 'expected a whole number from 1 to 65535' })
    .default(4559),
  HYLAFAX_USER: z.string().min(1, { error: 'expected a user name' }).default('faxline'),
  HYLAFAX_PASSWORD: z.string().min(1, { error: 'expected a password' }).optional(),
  /** The numbers outside Faxline it carries: all of them, or those starting with one of these prefixes (+1,+44). */
  HYLAFAX_NUMBERS: z
    .string()
    .trim()
    .regex(/^(all|\+\d{1,15}(\s*,\s*\+\d{1,15})*)$/, { error: 'expected all, or prefixes in international format such as +1,+44' })
    .default('all'),
  /**
   * Stripe (decision 082): the secret key, the signing secret of the webhook endpoint Stripe posts to, and the API's
   * address (Stripe's, unless a test or a machine without keys points it at the Stripe simulator).
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, { error: 'expected a secret key such as sk_test_…' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, { error: 'expected a webhook signing secret such as whsec_…' })
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).default('https://api.stripe.com'),
  /**
   * Billing in test mode against the Stripe simulator that the server starts itself (decision 082): on by default in
   * development without a Stripe key, so that a fresh machine can click through buying a plan; never in production.
   */
  STRIPE_SIMULATOR: booleanFromEnv.optional(),
  /**
   * PayPal (decision 095): the REST app's client id and secret, the id PayPal gave the webhook endpoint (part of every
   * webhook's signature), and the API's address (PayPal's live API unless a test points it at the PayPal simulator;
   * https://api-m.sandbox.paypal.com for PayPal's sandbox).
   */
  PAYPAL_CLIENT_ID: z.string().trim().min(1).max(200).optional(),
  PAYPAL_CLIENT_SECRET: z.string().trim().min(1).max(200).optional(),
  PAYPAL_WEBHOOK_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{1,50}$/, { error: 'expected the webhook id PayPal shows for the endpoint, such as 8PT597110X687430LKGECATA' })
    .optional(),
  PAYPAL_API_URL: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).default('https://api-m.paypal.com'),
  /**
   * Fax carriers (decisions 056 and 057). Each is configured by its credentials, all of them or none; its
   * API address is the carrier's unless a test points it at a simulator. CARRIER_ROUTES says which carrier takes which
   * numbers, and which carrier takes over after a carrier error.
   * Telnyx Programmable Fax: an API key, the fax application's connection id and the account's webhook public key
   * (base64, as its portal shows it).
   */
  TELNYX_API_KEY: z.string().min(1, { error: 'expected an API key' }).optional(),
  TELNYX_CONNECTION_ID: z.string().min(1, { error: 'expected a connection id' }).optional(),
  TELNYX_PUBLIC_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, { error: 'expected a public key of 32 bytes in base64' })
    .optional(),
  TELNYX_API_URL: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).default('https://api.telnyx.com'),
  /** SignalWire's compatibility Fax API: the space's address, the project id, an API token and the signing key. */
  SIGNALWIRE_SPACE_URL: z.url({ protocol: /^https?$/, error: 'expected the space URL, such as https://example.signalwire.com' }).optional(),
  SIGNALWIRE_PROJECT_ID: z.string().min(1, { error: 'expected a project id' }).optional(),
  SIGNALWIRE_API_TOKEN: z.string().min(1, { error: 'expected an API token' }).optional(),
  SIGNALWIRE_SIGNING_KEY: z.string().min(1, { error: 'expected the signing key' }).optional(),
  /** Sinch Fax API v3: the project, an access key (id and secret) and the secret its callbacks are checked with. */
  SINCH_PROJECT_ID: z.string().min(1, { error: 'expected a project id' }).optional(),
  SINCH_KEY_ID: z.string().min(1, { error: 'expected an access key id' }).optional(),
  SINCH_KEY_SECRET: z.string().min(1, { error: 'expected an access key secret' }).optional(),
  SINCH_WEBHOOK_SECRET: z.string().min(1, { error: 'expected a secret' }).optional(),
  SINCH_API_URL: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).default('https://fax.api.sinch.com'),
  SINCH_NUMBERS_API_URL: z
    .url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' })
    .default('https://numbers.api.sinch.com'),
  /**
   * Which carrier takes which numbers outside Faxline: `prefix=primary>fallback` rules, comma-separated, the longest
   * matching prefix first, `all` for every other number (`+1=telnyx>signalwire, +33=sinch, all=telnyx`). After a
   * carrier error or a line error, the next try goes to the rule's other carrier. Unset, with one carrier
   * configured: all=that carrier.
   */
  CARRIER_ROUTES: z
    .string()
    .trim()
    .refine((text) => parseCarrierRoutes(text) !== null, {
      error: 'expected rules such as +1=telnyx>signalwire, all=sinch (each prefix once, each rule two different carriers)',
    })
    .optional(),
  /**
   * Redis (redis://host:port), where the rate limits of several API servers are counted together: per
   * address, per session and per API key. Unset, each process counts its own, in memory.
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'expected a redis:// or rediss:// URL' }).optional(),
  /**
   * The bearer token Prometheus scrapes /metrics with. In production /metrics is off without one; in
   * development and tests it is open unless one is set.
   */
  METRICS_TOKEN: z.string().min(32, { error: 'expected at least 32 characters' }).optional(),
  /** Signs what HylaFAX's faxrcvd hook posts to /api/lines/hylafax/received (unset: that endpoint is off). */
  HYLAFAX_HOOK_SECRET: z.string().min(32, { error: 'expected at least 32 characters' }).optional(),
  /** How often a call's HylaFAX job is asked how it goes. */
  HYLAFAX_POLL_MS: z.coerce.number({ error: 'expected a number of milliseconds' }).int().min(100).max(60_000).default(2_000),
  /**
   * Tests and development only (refused in production): origins (https://localhost:8443, comma-separated) whose
   * `file_url` documents the worker fetches although they are on this machine or a private network. Exact origins:
   * a redirect from one to any other private address is still refused.
   */
  FILE_URL_TRUSTED_ORIGINS: z
    .string()
    .trim()
    .refine((value) => value === '' || value.split(',').every((origin) => isBareHttpsOrigin(origin.trim())), {
      error: 'expected https:// origins (scheme, host and port, no path), comma-separated',
    })
    .optional(),
  /** A PEM file of certificate authorities trusted for `file_url` fetches besides the usual ones (a test server's). */
  FILE_URL_CA_FILE: z.string().min(1, { error: 'expected a file path' }).optional(),
  /**
   * Whether webhooks may go to private, loopback and link-local addresses (a receiver on this machine). Default: yes in
   * development and tests, no in production, where it cannot be turned on (no request into our network).
   */
  WEBHOOK_PRIVATE_ADDRESSES: booleanFromEnv.optional(),
  /**
   * The DNS servers that prove an account's e-mail domain for single sign-on (its TXT record), `host:port` separated by
   * commas; the system's resolvers when unset.
   */
  DNS_SERVERS: z
    .string()
    .regex(/^[^,\s]+(,[^,\s]+)*$/, { error: 'expected host:port pairs separated by commas' })
    .optional(),
});

/** The HylaFAX line's settings, or null when none is configured. */
function hylafaxOf(e: z.infer<typeof ZEnv>) {
  if (!e.HYLAFAX_HOST) return null;
  return {
    host: e.HYLAFAX_HOST,
    port: e.HYLAFAX_PORT,
    user: e.HYLAFAX_USER,
    password: e.HYLAFAX_PASSWORD,
    serves: e.HYLAFAX_NUMBERS === 'all' ? ('outside-numbers' as const) : e.HYLAFAX_NUMBERS.split(',').map((prefix) => prefix.trim()),
    pollMs: e.HYLAFAX_POLL_MS,
  };
}

/** The environment's name of each carrier setting. */
export const CARRIER_ENV_NAMES: Record<TCarrierSetting, keyof z.infer<typeof ZEnv>> = {
  telnyxApiKey: 'TELNYX_API_KEY',
  telnyxConnectionId: 'TELNYX_CONNECTION_ID',
  telnyxPublicKey: 'TELNYX_PUBLIC_KEY',
  signalwireSpaceUrl: 'SIGNALWIRE_SPACE_URL',
  signalwireProjectId: 'SIGNALWIRE_PROJECT_ID',
  signalwireApiToken: 'SIGNALWIRE_API_TOKEN',
  signalwireSigningKey: 'SIGNALWIRE_SIGNING_KEY',
  sinchProjectId: 'SINCH_PROJECT_ID',
  sinchKeyId: 'SINCH_KEY_ID',
  sinchKeySecret: 'SINCH_KEY_SECRET',
  sinchWebhookSecret: 'SINCH_WEBHOOK_SECRET',
};

/**
 * The carrier settings as the environment gives them: lines/ reads them into carriers and refuses a carrier given in
 * part (lines/carriers/environment-carriers.ts). When any is given, they are in force and the back office's carrier
 * settings are not (`carriersFromEnvironment`; decision 058).
 */
function carrierEnvironmentOf(e: z.infer<typeof ZEnv>) {
  const carrierSettings = Object.fromEntries(
    (Object.keys(CARRIER_ENV_NAMES) as TCarrierSetting[]).map((name) => [name, e[CARRIER_ENV_NAMES[name]] as string | undefined]),
  ) as Record<TCarrierSetting, string | undefined>;
  return {
    carrierSettings,
    carrierRoutes: e.CARRIER_ROUTES,
    carrierApis: { telnyx: e.TELNYX_API_URL, sinch: e.SINCH_API_URL, sinchNumbers: e.SINCH_NUMBERS_API_URL },
    carriersFromEnvironment: Object.values(carrierSettings).some((value) => value) || e.CARRIER_ROUTES !== undefined,
  };
}

/** JOB_CONCURRENCY read: each job named once, from 1 to 500 at once (the queue checks that each names a job). */
function jobConcurrencyOf(text: string | undefined): Record<string, number> {
  const pairs = (text ?? '')
    .split(',')
    .filter((pair) => pair.trim() !== '')
    .map((pair) => pair.trim().split('=') as [string, string]);
  const counts: Record<string, number> = {};
  for (const [name, count] of pairs) {
    if (name in counts) throw new ConfigError(`Invalid configuration: JOB_CONCURRENCY names ${name} twice.`);
    if (Number(count) < 1 || Number(count) > 500)
      throw new ConfigError(`Invalid configuration: JOB_CONCURRENCY gives ${name} ${count}: expected 1 to 500.`);
    counts[name] = Number(count);
  }
  return counts;
}

function isBareHttpsOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

/** Where webhooks may go (webhooks/webhook-url.ts): https only and public addresses only, in production. */
function webhooksOf(e: z.infer<typeof ZEnv>) {
  if (e.WEBHOOK_PRIVATE_ADDRESSES && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration: WEBHOOK_PRIVATE_ADDRESSES is for tests and development; in production it must be unset.');
  }
  return { privateAddresses: e.WEBHOOK_PRIVATE_ADDRESSES ?? e.NODE_ENV !== 'production', httpsOnly: e.NODE_ENV === 'production' };
}

/** The bucket of FILES_BACKEND=s3 (and of `npm run files:move`), or null when S3_BUCKET is not set. */
function s3Of(e: z.infer<typeof ZEnv>) {
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither, for the AWS SDK's own chain).",
    );
  }
  if (!e.S3_BUCKET) {
    if (e.FILES_BACKEND === 's3')
      throw new ConfigError('Invalid configuration: FILES_BACKEND=s3 needs S3_BUCKET (and S3_ENDPOINT for a server other than Amazon S3).');
    return null;
  }
  return {
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
    credentials: e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! } : undefined,
  };
}

/** Where backups are written: a folder, or a bucket of the S3_* server (decision 110). */
function backupsOf(e: z.infer<typeof ZEnv>, dataDir: string) {
  const dir = e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, 'backups');
  if (!e.BACKUP_S3_BUCKET) return { dir, s3: null };
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together.');
  return {
    dir,
    s3: {
      endpoint: e.S3_ENDPOINT,
      bucket: e.BACKUP_S3_BUCKET,
      region: e.S3_REGION,
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
      credentials: e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! } : undefined,
    },
  };
}

/** The SMTP gateway of e-mail to fax: where it listens, its TLS, its domain, its default policy. */
function emailToFaxOf(e: z.infer<typeof ZEnv>) {
  if (Boolean(e.SMTP_INGRESS_TLS_CERT) !== Boolean(e.SMTP_INGRESS_TLS_KEY)) {
    throw new ConfigError(
      'Invalid configuration: SMTP_INGRESS_TLS_CERT and SMTP_INGRESS_TLS_KEY go together (PEM files of a certificate and its key).',
    );
  }
  return {
    port: e.SMTP_INGRESS_PORT === 'off' ? null : e.SMTP_INGRESS_PORT,
    host: e.SMTP_INGRESS_HOST ?? e.HOST,
    tls: e.SMTP_INGRESS_TLS_CERT
      ? { certPath: path.resolve(e.SMTP_INGRESS_TLS_CERT), keyPath: path.resolve(e.SMTP_INGRESS_TLS_KEY!) }
      : null,
    domain: e.FAX_EMAIL_DOMAIN.toLowerCase(),
    defaultAuthPolicy: e.EMAIL_AUTH_POLICY ?? (e.NODE_ENV === 'production' ? ('enforce' as const) : ('report' as const)),
    /** Messages on their way through the gateway, encrypted (decision 066). */
    spoolDir: path.join(path.resolve(e.DATA_DIR), 'email-spool'),
    limits: {
      perClient: e.SMTP_INGRESS_CONNECTIONS_PER_CLIENT,
      perSender: e.SMTP_INGRESS_CONNECTIONS_PER_SENDER,
      readingMB: e.SMTP_INGRESS_READING_MB,
    },
  };
}

/** Where the worker may fetch `file_url` documents besides the public internet (documents/fetch-url/fetch-file-url.ts). */
function fileUrlOf(e: z.infer<typeof ZEnv>) {
  const trustedOrigins = (e.FILE_URL_TRUSTED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => new URL(origin).origin);
  if (trustedOrigins.length > 0 && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration: FILE_URL_TRUSTED_ORIGINS is for tests and development; in production it must be unset.');
  }
  let ca: string | undefined;
  if (e.FILE_URL_CA_FILE) {
    try {
      ca = fs.readFileSync(path.resolve(e.FILE_URL_CA_FILE), 'utf8');
    } catch (error) {
      throw new ConfigError(
        `Invalid configuration:\n  FILE_URL_CA_FILE: cannot read ${JSON.stringify(e.FILE_URL_CA_FILE)} (${(error as Error).message})`,
      );
    }
    if (!ca.includes('-----BEGIN CERTIFICATE-----')) {
      throw new ConfigError(
        `Invalid configuration:\n  FILE_URL_CA_FILE: expected PEM certificates, got ${JSON.stringify(e.FILE_URL_CA_FILE)}`,
      );
    }
  }
  return { trustedOrigins, ca };
}

function trustedOriginsOf(publicUrl: string | undefined, port: number, env: string): string[] {
  const origins = new Set<string>();
  if (publicUrl) origins.add(new URL(publicUrl).origin);
  else for (const host of ['localhost', '127.0.0.1']) origins.add(`http://${host}:${port}`);
  if (env === 'development') origins.add('http://localhost:5173'); // Vite's dev server proxies /api here
  return [...origins];
}

function webDistDirOf(value: string | undefined): string | undefined {
  if (value === undefined) return serverPath('..', 'web', 'dist');
  return value === '' ? undefined : path.resolve(value);
}

export type TConfig = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates the environment; throws a ConfigError naming every bad variable and what it expects. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const got = env[name];
      return `  ${name}: ${issue.message}${got === undefined ? '' : `, got ${JSON.stringify(got)}`}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // A secret generated into DATA_DIR sits beside the data it protects (a copy of the folder is a copy of the keys), and
  // a second server would generate its own: development only.
  const missingSecrets = e.NODE_ENV === 'production' ? (['AUTH_SECRET', 'FILES_MASTER_KEY'] as const).filter((name) => !e[name]) : [];
  if (missingSecrets.length > 0) {
    throw new ConfigError(
      `Invalid configuration: in production ${missingSecrets.join(' and ')} must come from the environment, not be generated beside the data ` +
        `(AUTH_SECRET: at least 32 characters; FILES_MASTER_KEY: 32 random bytes in base64, e.g. \`openssl rand -base64 32\`).`,
    );
  }
  const stripeSimulator = e.STRIPE_SIMULATOR ?? (e.NODE_ENV === 'development' && !e.STRIPE_SECRET_KEY);
  if (stripeSimulator && (e.NODE_ENV === 'production' || e.STRIPE_SECRET_KEY))
    throw new ConfigError(
      'Invalid configuration: STRIPE_SIMULATOR is for development and tests, never in production nor beside STRIPE_SECRET_KEY.',
    );
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    /** True when people reach us over TLS: only then may we ask browsers to insist on it. */
    secureTransport: (e.PUBLIC_URL ?? '').startsWith('https:'),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    pgDataDir: path.join(dataDir, 'pg'),
    authSecret: e.AUTH_SECRET,
    emailConfirmation: e.EMAIL_CONFIRMATION ?? e.NODE_ENV !== 'development',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    /** The built-in mailbox exists only where no real e-mail goes out, and never in production. */
    devMailbox: !e.SMTP_URL && e.NODE_ENV !== 'production',
    sessionIdleSeconds: Math.round(e.SESSION_IDLE_HOURS * 3600),
    sessionAbsoluteSeconds: Math.round(e.SESSION_ABSOLUTE_DAYS * 86_400),
    sessionCookieCacheSeconds: e.SESSION_COOKIE_CACHE_SECONDS,
    historyCacheEntries: e.HISTORY_CACHE_ENTRIES,
    demoData: e.DEMO_DATA ?? e.NODE_ENV === 'development',
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    redisUrl: e.REDIS_URL ?? null,
    filesMasterKey: e.FILES_MASTER_KEY ? Buffer.from(e.FILES_MASTER_KEY, 'base64') : undefined,
    filesDir: path.join(dataDir, 'files'),
    filesBackend: e.FILES_BACKEND,
    s3: s3Of(e),
    backups: backupsOf(e, dataDir),
    faxClockScale: e.FAX_CLOCK_SCALE,
    sandboxLine: e.SANDBOX_LINE ?? (e.NODE_ENV === 'production' ? 'test-numbers' : 'every-number'),
    hylafax: hylafaxOf(e),
    ...carrierEnvironmentOf(e),
    hylafaxHookSecret: e.HYLAFAX_HOOK_SECRET,
    /** Raw values; billing/ reads them into its provider (billing-providers.ts). */
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL,
      simulator: stripeSimulator,
    },
    /** Raw values; billing/ reads them into its provider (billing-providers.ts). */
    paypal: {
      clientId: e.PAYPAL_CLIENT_ID,
      clientSecret: e.PAYPAL_CLIENT_SECRET,
      webhookId: e.PAYPAL_WEBHOOK_ID,
      apiUrl: e.PAYPAL_API_URL,
    },
    metrics: { token: e.METRICS_TOKEN ?? null, open: e.METRICS_TOKEN === undefined && e.NODE_ENV !== 'production' },
    fileUrl: fileUrlOf(e),
    webhooks: webhooksOf(e),
    dnsServers: e.DNS_SERVERS ? e.DNS_SERVERS.split(',') : null,
    emailToFax: emailToFaxOf(e),
    database: {
      poolSize: e.DB_POOL_SIZE,
      connectionTimeoutMs: e.DB_CONNECTION_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      queuePoolSize: e.QUEUE_POOL_SIZE,
    },
    renderConcurrency: e.RENDER_CONCURRENCY ?? 2 * Math.max(1, os.availableParallelism()),
    jobConcurrency: jobConcurrencyOf(e.JOB_CONCURRENCY),
    lineConcurrency: e.LINE_CONCURRENCY,
    faxModemPath: e.FAXMODEM_PATH ? path.resolve(e.FAXMODEM_PATH) : serverPath('..', '..', 'native', 'faxmodem', 'build', 'faxmodem'),
    sandboxExchangePath: unixSocketPath(
      e.SANDBOX_EXCHANGE_PATH ? path.resolve(e.SANDBOX_EXCHANGE_PATH) : path.join(dataDir, 'sandbox-exchange.sock'),
    ),
    destinationCallLimit: e.DESTINATION_CALL_LIMIT,
    workerNiceness: e.WORKER_NICENESS,
    converterLimits: {
      memoryMB: e.CONVERTER_MEMORY_MB,
      cpuSeconds: e.CONVERTER_CPU_SECONDS,
      timeoutSeconds: e.CONVERTER_TIMEOUT_SECONDS,
    },
    /** Pages calling the API with cookies must come from one of these origins (CSRF protection). */
    trustedOrigins: trustedOriginsOf(e.PUBLIC_URL, e.PORT, e.NODE_ENV),
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY ?? false,
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    webDistDir: webDistDirOf(e.WEB_DIST_DIR),
    clientDownloadsDir: e.CLIENT_DOWNLOADS_DIR
      ? path.resolve(e.CLIENT_DOWNLOADS_DIR)
      : serverPath('..', '..', 'packages', 'client', 'dist', 'downloads'),
  };
}

/**
 * The key `npm run files:rotate-key` moves the files to. Only that command reads it, so a server never stops over it;
 * the message never repeats the value, which is a secret.
 */
export function loadNewFilesMasterKey(env: Record<string, string | undefined> = process.env): Buffer {
  const value = env.NEW_FILES_MASTER_KEY;
  const example = 'e.g. `openssl rand -base64 32`';
  if (!value) throw new ConfigError(`NEW_FILES_MASTER_KEY is not set: give the new key as 32 random bytes in base64, ${example}.`);
  if (!ZFilesMasterKey.safeParse(value).success) {
    throw new ConfigError(`NEW_FILES_MASTER_KEY is not a valid key: expected 32 random bytes in base64, ${example}.`);
  }
  return Buffer.from(value, 'base64');
}

/**
 * A unix socket's path must fit in 107 bytes (sockaddr_un): a longer one (a deep DATA_DIR) is replaced by one in the
 * temporary folder named from it, the same for every process that reads this configuration.
 */
function unixSocketPath(wanted: string): string {
  if (Buffer.byteLength(wanted) < 100) return wanted;
  return path.join(os.tmpdir(), `faxline-${createHash('sha256').update(wanted).digest('hex').slice(0, 16)}.sock`);
}
