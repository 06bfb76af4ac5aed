import type { DNSResolver } from 'mailauth';
import { startEmailGateway } from '../../src/email-to-fax/gateway';
import type { TConfig } from '../../src/platform/config';
import { createSystemSettings } from '../../src/system-settings/system-settings';
import type { TestApp } from './test-app';
import { testLogger } from './test-database';

/**
 * The e-mail to fax gateway on a free loopback port, on a test app's database, file store and queue, as `--role=all`
 * starts it; `resolver` answers mailauth's DNS questions (none reach the internet here); `tls` names PEM files;
 * `limits` replace the configured connection limits and reading budget.
 */
export async function startTestGateway(
  t: TestApp,
  options: {
    resolver?: DNSResolver;
    tls?: { certPath: string; keyPath: string };
    limits?: Partial<TConfig['emailToFax']['limits']>;
  } = {},
) {
  const systemSettings = createSystemSettings(t.db, t.config.authSecret!, t.env.notifications);
  const gateway = await startEmailGateway({
    db: t.db,
    files: t.files,
    queue: t.env.queue,
    config: {
      ...t.config,
      emailToFax: {
        ...t.config.emailToFax,
        port: 0,
        host: '127.0.0.1',
        tls: options.tls ?? null,
        limits: { ...t.config.emailToFax.limits, ...options.limits },
      },
    },
    systemSettings,
    logger: testLogger,
    ...(options.resolver ? { resolver: options.resolver } : {}),
  });
  return {
    port: gateway.port,
    stop: async () => {
      await gateway.stop();
      systemSettings.close();
    },
  };
}
