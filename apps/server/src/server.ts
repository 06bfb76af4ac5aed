import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { startBillingTestMode } from './billing/test-mode';
import { createAuth } from './auth/auth';
import { openFileStore } from './platform/files/encrypted-file-store';
import { jobs } from './jobs';
import type { TConfig } from './platform/config';
import { connectDatabase, type DatabaseHandle } from './platform/db/client';
import { startEmbeddedPostgres } from './platform/db/embedded-postgres';
import { superviseEmbeddedPostgres, type SupervisedPostgres } from './platform/db/embedded-postgres-supervisor';
import { migrateDatabase } from './platform/db/migrate';
import { listenForNotifications, type DatabaseNotifications } from './platform/db/notifications';
import { installationSecretOf } from './platform/local-secret';
import { seedNumberInventory } from './numbers/numbers';
import { seedPlanCatalogue } from './plans/catalogue-seed';
import { seedInternationalRates } from './billing/international-rates';
import { seedBillingFaqs, seedStartingFaqs } from './content/faq-seed';
import { formatDemoCredentials, seedDemoData } from './seed/demo-data';
import { accountOpening } from './account-lifecycle';
import type { Logger } from './platform/logger';
import { startQueue, type Queue } from './platform/queue/queue';
import { faxEventConsumers } from './fax-event-consumers';
import { startFaxEventRelay } from './events/relay';
import { startWorkerProcess } from './platform/worker-process';
import { startSandboxExchange } from './lines/sandbox-exchange';
import { faxInboundCalls } from './faxes/receive-call';
import { startEmailGateway } from './email-to-fax/gateway';
import { createSystemSettings } from './system-settings/system-settings';
import { documentKeysOf } from './faxes/fax-records';
import { organizationTables } from './accounts/schema';

/**
 * Which parts run: everything (default), only the HTTP API, only the job worker, or only the e-mail to fax gateway.
 * With `workerEntry`, `all` runs the job worker as a process of its own from that entry file (what `npm start` does,
 * decision 037). The gateway runs with `all` and `smtp`, unless SMTP_INGRESS_PORT is `off`.
 */
export const ROLES = ['all', 'api', 'worker', 'smtp'] as const;
export type Role = (typeof ROLES)[number];

export type RunningServer = {
  /** Where the HTTP server listens, when this process serves HTTP. */
  url?: string;
  /** Where the e-mail to fax gateway listens, when this process runs it. */
  smtpPort?: number;
  databaseUrl: string;
  app?: FastifyInstance;
  database: DatabaseHandle;
  notifications: DatabaseNotifications;
  queue: Queue;
  /** The embedded PostgreSQL, started again by this process when it ends (decision 065). */
  embedded?: SupervisedPostgres;
  /** Stops accepting, drains requests, stops workers, closes the database; safe to call more than once. */
  stop: () => Promise<void>;
};

/**
 * Starts Faxline: the database (embedded unless DATABASE_URL is set), its migrations, the job queue and, for the
 * api role, the HTTP server. Everything started is stopped again, in reverse order, if a later step fails.
 */
export async function startServer(
  config: TConfig,
  logger: Logger,
  role: Role = 'all',
  options: { workerEntry?: string } = {},
): Promise<RunningServer> {
  const workerApart = role === 'all' && options.workerEntry !== undefined;
  const cleanups: Array<{ part: string; stop: () => Promise<void> }> = [];
  const stopAll = async () => {
    for (const { part, stop } of cleanups.splice(0).reverse()) {
      await stop().then(
        () => logger.debug({ part }, 'stopped'),
        (error: unknown) => logger.error({ err: error, part }, 'error while stopping'),
      );
    }
  };

  try {
    let embedded: SupervisedPostgres | undefined;
    if (!config.databaseUrl) {
      embedded = superviseEmbeddedPostgres(await startEmbeddedPostgres({ dataDir: config.pgDataDir, logger }), { logger });
      cleanups.push({ part: 'database server', stop: embedded.stop });
    }
    const databaseUrl = config.databaseUrl ?? embedded!.url;

    const database = connectDatabase(databaseUrl, logger, config.database);
    cleanups.push({ part: 'database pool', stop: database.close });
    await migrateDatabase(database.pool);
    await seedPlanCatalogue(database.db);
    await seedStartingFaqs(database.db);
    await seedBillingFaqs(database.db);
    await seedInternationalRates(database.db);
    await seedNumberInventory(database.db);

    const worksJobs = role === 'worker' || (role === 'all' && !workerApart);
    const notifications = listenForNotifications(databaseUrl, logger);
    cleanups.push({ part: 'database notifications', stop: notifications.close });
    const files = await openFileStore(config);
    const secretOf = () => installationSecretOf(config);
    // One copy of the settings for this process's jobs and e-mail gateway, kept in step with every save by NOTIFY.
    const systemSettings = createSystemSettings(database.db, await secretOf(), notifications);
    cleanups.push({ part: 'settings', stop: async () => systemSettings.close() });
    const queue = await startQueue({
      url: databaseUrl,
      jobs,
      deps: { db: database.db, config, files, systemSettings, faxFilesOf: documentKeysOf },
      work: worksJobs,
      logger,
      notifications,
      poolSize: config.database.queuePoolSize,
    });
    cleanups.push({ part: 'queue', stop: queue.stop });
    if (worksJobs) {
      // Where jobs run, the outbox's fax events are handed to their consumers' jobs.
      const relay = startFaxEventRelay({ db: database.db, queue, notifications, consumers: faxEventConsumers, logger });
      cleanups.push({ part: 'fax event relay', stop: relay.stop });
    }

    if (workerApart) {
      const worker = startWorkerProcess({
        entry: options.workerEntry!,
        databaseUrl,
        niceness: config.workerNiceness,
        // Half the shutdown's time, so that the database still stops cleanly after a worker that had to be killed.
        stopTimeoutMs: config.shutdownTimeoutMs / 2,
        databaseAnswers: database.ping,
        logger,
      });
      cleanups.push({ part: 'worker process', stop: worker.stop });
    }

    let smtpPort: number | undefined;
    if ((role === 'all' || role === 'smtp') && config.emailToFax.port !== null) {
      // E-mail to fax: faxes are sent here as from the portal, so the gateway reads the same settings.
      const gateway = await startEmailGateway({ db: database.db, files, queue, config, systemSettings, logger });
      cleanups.push({ part: 'e-mail to fax gateway', stop: gateway.stop });
      smtpPort = gateway.port;
    }

    let shuttingDown = false;
    let app: FastifyInstance | undefined;
    let url: string | undefined;
    if (role === 'all' || role === 'api') {
      const secret = await secretOf();
      const auth = createAuth({ db: database.db, queue, config, secret, logger, organizationTables });
      if (config.demoData) {
        const credentials = await seedDemoData({ auth, db: database.db, lifecycle: accountOpening });
        if (credentials) process.stdout.write(`${formatDemoCredentials(credentials, config.publicUrl)}\n`);
      }
      // The process cannot serve once its own database could not be started again; an outside one is not its to mend.
      const canServe = () => embedded?.state() !== 'gave-up';
      // Without a Stripe key in development, billing runs against the Stripe simulator (decision 082).
      const billingTestMode = config.stripe.simulator ? await startBillingTestMode({ db: database.db, logger, config }) : undefined;
      if (billingTestMode) cleanups.push({ part: 'billing simulators', stop: () => billingTestMode.close() });
      const appConfig = billingTestMode ? { ...config, stripe: billingTestMode.stripe, paypal: billingTestMode.paypal } : config;
      app = await buildApp({
        config: appConfig,
        logger,
        database,
        notifications,
        queue,
        auth,
        files,
        isShuttingDown: () => shuttingDown,
        canServe,
      });
      url = await app.listen({ host: config.host, port: config.port });
      billingTestMode?.listening(url);
      // Inbound calls through the sandbox land in the inbox from here: the API process answers them.
      const exchange = await startSandboxExchange({
        calls: faxInboundCalls({ db: database.db, files }),
        faxModemPath: config.faxModemPath,
        socketPath: config.sandboxExchangePath,
        logger,
      });
      cleanups.push({ part: 'sandbox exchange', stop: exchange.stop });
      const listening = app;
      cleanups.push({
        part: 'http',
        stop: async () => {
          shuttingDown = true;
          await listening.close(); // stops accepting and waits for in-flight requests
        },
      });
    }

    logger.info({ role, url, smtpPort, embeddedDatabase: Boolean(embedded) }, 'Faxline is running');
    let stopping: Promise<void> | undefined;
    return { url, smtpPort, databaseUrl, app, database, notifications, queue, embedded, stop: () => (stopping ??= stopAll()) };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
