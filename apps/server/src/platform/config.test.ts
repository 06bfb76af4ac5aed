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
});
