import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgDataDir).toMatch(/data[/\\]pg$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.secureTransport).toBe(false);
  });

  it('names each bad variable, what it expects and what it got', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT: expected a whole number from 0 to 65535, got "abc"');
      expect(message).toContain('DATABASE_URL: expected a postgres:// or postgresql:// URL, got "mysql://x"');
      expect(message).toContain('LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "loud"');
    }
  });

  it('turns on secure transport only for an https PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://fax.example.com/' })).toMatchObject({
      publicUrl: 'https://fax.example.com',
      secureTransport: true,
    });
  });

  it('refuses to start in production without both secrets from the environment, naming the missing ones', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const secret = 'a-production-secret-'.padEnd(40, 'z');
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /in production AUTH_SECRET and FILES_MASTER_KEY must come from the environment/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret })).toThrow(/in production FILES_MASTER_KEY must come/);
    expect(() => loadConfig({ NODE_ENV: 'production', FILES_MASTER_KEY: key })).toThrow(/in production AUTH_SECRET must come/);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, FILES_MASTER_KEY: key }).isProduction).toBe(true);
    // Development keeps generating them into DATA_DIR, so that the first command runs with nothing set.
    expect(loadConfig({ NODE_ENV: 'development' }).filesMasterKey).toBeUndefined();
  });

  it('keeps files in the local folder unless FILES_BACKEND=s3 names a bucket, and refuses half an S3 setup', () => {
    expect(loadConfig({})).toMatchObject({ filesBackend: 'local', s3: null });
    const bucket = { S3_BUCKET: 'faxline-files', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ FILES_BACKEND: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', ...bucket })).toMatchObject({
      filesBackend: 's3',
      s3: { endpoint: 'http://127.0.0.1:9000', bucket: 'faxline-files', region: 'us-east-1', forcePathStyle: true },
    });
    // Amazon S3 itself: virtual-hosted buckets, and the SDK's own credentials when none are given.
    expect(loadConfig({ FILES_BACKEND: 's3', S3_BUCKET: 'faxline-files', S3_REGION: 'eu-west-3' }).s3).toEqual({
      endpoint: undefined,
      bucket: 'faxline-files',
      region: 'eu-west-3',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(() => loadConfig({ FILES_BACKEND: 's3' })).toThrow(/FILES_BACKEND=s3 needs S3_BUCKET/);
    expect(() => loadConfig({ FILES_BACKEND: 'nfs' })).toThrow(/FILES_BACKEND: expected local or s3, got "nfs"/);
    expect(() => loadConfig({ FILES_BACKEND: 's3', S3_BUCKET: 'Faxline_Files' })).toThrow(/S3_BUCKET: expected a bucket name/);
    expect(() => loadConfig({ FILES_BACKEND: 's3', S3_BUCKET: 'faxline-files', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
  });

  it('takes trusted file_url origins and a CA file for tests and development, never in production', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'faxline-config-'));
    try {
      expect(loadConfig({}).fileUrl).toEqual({ trustedOrigins: [], ca: undefined });
      const origins = 'https://localhost:8443, https://files.test/';
      expect(loadConfig({ FILE_URL_TRUSTED_ORIGINS: origins }).fileUrl.trustedOrigins).toEqual([
        'https://localhost:8443',
        'https://files.test',
      ]);
      expect(() => loadConfig({ FILE_URL_TRUSTED_ORIGINS: 'http://localhost:8443' })).toThrow(
        /FILE_URL_TRUSTED_ORIGINS: expected https:\/\/ origins/,
      );
      expect(() => loadConfig({ FILE_URL_TRUSTED_ORIGINS: 'https://localhost:8443/files' })).toThrow(/FILE_URL_TRUSTED_ORIGINS/);
      const production = { NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40), FILES_MASTER_KEY: Buffer.alloc(32, 1).toString('base64') };
      expect(() => loadConfig({ ...production, FILE_URL_TRUSTED_ORIGINS: 'https://localhost:8443' })).toThrow(
        /in production it must be unset/,
      );

      const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
      writeFileSync(path.join(dir, 'ca.pem'), pem);
      writeFileSync(path.join(dir, 'not.pem'), 'hello');
      expect(loadConfig({ FILE_URL_CA_FILE: path.join(dir, 'ca.pem') }).fileUrl.ca).toBe(pem);
      expect(() => loadConfig({ FILE_URL_CA_FILE: path.join(dir, 'not.pem') })).toThrow(/FILE_URL_CA_FILE: expected PEM certificates/);
      expect(() => loadConfig({ FILE_URL_CA_FILE: path.join(dir, 'missing.pem') })).toThrow(/FILE_URL_CA_FILE: cannot read/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('opens /metrics in development without a token, and closes it in production without one', () => {
    expect(loadConfig({}).metrics).toEqual({ token: null, open: true });
    const token = 'm'.repeat(40);
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toEqual({ token, open: false });
    const production = { NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40), FILES_MASTER_KEY: Buffer.alloc(32, 1).toString('base64') };
    expect(loadConfig(production).metrics).toEqual({ token: null, open: false });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: expected at least 32 characters/);
  });

  it('bills against the Stripe simulator in development without a key, against Stripe with one, and never simulates in production', () => {
    expect(loadConfig({}).stripe).toMatchObject({ simulator: true, secretKey: undefined });
    expect(loadConfig({ NODE_ENV: 'test' }).stripe.simulator).toBe(false);
    const keys = { STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };
    expect(loadConfig(keys).stripe).toEqual({
      secretKey: 'sk_live_abc123',
      webhookSecret: 'whsec_abc123',
      apiUrl: 'https://api.stripe.com',
      simulator: false,
    });
    const production = { NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40), FILES_MASTER_KEY: Buffer.alloc(32, 1).toString('base64') };
    expect(loadConfig(production).stripe.simulator).toBe(false);
    expect(() => loadConfig({ ...production, STRIPE_SIMULATOR: 'true' })).toThrow(/STRIPE_SIMULATOR is for development and tests/);
    expect(() => loadConfig({ ...keys, STRIPE_SIMULATOR: 'true' })).toThrow(/never in production nor beside STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY: expected a secret key/);
  });

  it('reads how many of each job a worker runs at once', () => {
    expect(loadConfig({}).jobConcurrency).toEqual({});
    expect(loadConfig({ JOB_CONCURRENCY: 'faxes.transmit=40, webhooks.deliver=8' }).jobConcurrency).toEqual({
      'faxes.transmit': 40,
      'webhooks.deliver': 8,
    });
    expect(() => loadConfig({ JOB_CONCURRENCY: 'faxes.transmit' })).toThrow(/JOB_CONCURRENCY: expected job=count pairs/);
    expect(() => loadConfig({ JOB_CONCURRENCY: 'a=1,a=2' })).toThrow(/names a twice/);
    expect(() => loadConfig({ JOB_CONCURRENCY: 'a=0' })).toThrow(/expected 1 to 500/);
  });

  describe('carriers', () => {
    const telnyx = { TELNYX_API_KEY: 'KEY1', TELNYX_CONNECTION_ID: '123', TELNYX_PUBLIC_KEY: Buffer.alloc(32, 1).toString('base64') };

    it('leaves the carriers to the back office when the environment names none', () => {
      expect(loadConfig({}).carriersFromEnvironment).toBe(false);
      // Where a carrier's API is says nothing of who configures it.
      expect(loadConfig({ TELNYX_API_URL: 'http://127.0.0.1:9' }).carriersFromEnvironment).toBe(false);
      expect(loadConfig({ TELNYX_API_URL: 'http://127.0.0.1:9/' }).carrierApis.telnyx).toBe('http://127.0.0.1:9/');
      expect(loadConfig(telnyx).carriersFromEnvironment).toBe(true);
    });

    it('refuses routes that are not rules: a prefix given twice, one carrier twice in a rule, a carrier it does not know', () => {
      expect(() => loadConfig({ ...telnyx, CARRIER_ROUTES: '+1=telnyx,+1=telnyx' })).toThrow(/each prefix once/);
      expect(() => loadConfig({ ...telnyx, CARRIER_ROUTES: '+1=telnyx>telnyx' })).toThrow(/two different carriers/);
      expect(() => loadConfig({ ...telnyx, CARRIER_ROUTES: '1=telnyx' })).toThrow(/CARRIER_ROUTES: expected rules/);
      expect(() => loadConfig({ ...telnyx, CARRIER_ROUTES: '+1=twilio' })).toThrow(/CARRIER_ROUTES: expected rules/);
    });
  });
});
