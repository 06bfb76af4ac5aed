import path from 'node:path';
import { z } from 'zod';
import { serverPath } from './server-root';

/**
 * The server's configuration, read from the environment once at start. Nothing else reads `process.env`
 * (an ESLint rule enforces it): every setting is named, typed and documented here.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'], { error: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production'], { error: 'expected development, test or production' }).default('production'),
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
  /** Folder of the built web app, served with SPA fallback; empty (or no index.html there) means API only. */
  WEB_DIST_DIR: z.string().optional(),
});

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
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY ?? false,
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    webDistDir: webDistDirOf(e.WEB_DIST_DIR),
  };
}
