import type { DNSResolver } from 'mailauth';
import { startEmailGateway } from '../../src/email-to-fax/gateway';
import { createSystemSettings } from '../../src/system-settings/system-settings';
import type { TestApp } from './test-app';
import { testLogger } from './test-database';

/**
 * The e-mail to fax gateway on a free loopback port, on a test app's database, file store and queue, as `--role=all`
 * starts it; `resolver` answers mailauth's DNS questions (none reach the internet here); `tls` names PEM files.
 */
export async function startTestGateway(t: TestApp, options: { resolver?: DNSResolver; tls?: { certPath: string; keyPath: string } } = {}) {
  const systemSettings = createSystemSettings(t.db, t.config.authSecret!, t.env.notifications);
  const gateway = await startEmailGateway({
    db: t.db,
    files: t.files,
    queue: t.env.queue,
    config: { ...t.config, emailToFax: { ...t.config.emailToFax, port: 0, host: '127.0.0.1', tls: options.tls ?? null } },
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
