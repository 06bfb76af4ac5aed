import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { createEncryptedFileStore } from '../../src/platform/files/encrypted-file-store';
import { jobs } from '../../src/jobs';
import { loadConfig } from '../../src/platform/config';
import { connectDatabase } from '../../src/platform/db/client';
import { startEmbeddedPostgres } from '../../src/platform/db/embedded-postgres';
import { migrateDatabase } from '../../src/platform/db/migrate';
import { NOT_LISTENING } from '../../src/platform/db/notifications';
import { seedNumberInventory } from '../../src/numbers/numbers';
import { seedPlanCatalogue } from '../../src/plans/catalogue-seed';
import { seedInternationalRates } from '../../src/billing/international-rates';
import { seedStartingFaqs } from '../../src/content/faq-seed';
import { startQueue } from '../../src/platform/queue/queue';
import { createSystemSettings } from '../../src/system-settings/system-settings';
import { buildServerBundle } from '@test-support/faxline-process';
import { documentKeysOf } from '../../src/faxes/fax-records';

export const TEMPLATE_DATABASE = 'faxline_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test cluster's maintenance database, for creating per-file databases. */
    pgAdminUrl: string;
    /** The server bundle of this run (built once, beside the cluster's start), for the tests that run processes. */
    serverBundle: { file: string; launcher: string };
  }
}

/**
 * One embedded cluster for the run; the template is migrated (tables and the job queue's schema) once. The server
 * bundle is built once too, while the cluster starts.
 */
export default async function setup(project: TestProject) {
  const bundle = buildServerBundle();
  bundle.catch(() => undefined); // awaited below; this only keeps an early failure of the cluster from hiding it
  const logger = pino({ level: 'warn' });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-test-pg-'));
  await fs.chmod(dataDir, 0o755); // PostgreSQL runs as its own user and must reach its folder
  const cluster = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), logger });
  const adminUrl = withDatabase(cluster.url, 'postgres');

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();

  const templateUrl = withDatabase(cluster.url, TEMPLATE_DATABASE);
  const database = connectDatabase(templateUrl, logger);
  await migrateDatabase(database.pool);
  // As a new server does: the template is a fresh Faxline database.
  await seedPlanCatalogue(database.db);
  await seedInternationalRates(database.db);
  await seedNumberInventory(database.db);
  await seedStartingFaqs(database.db);
  await database.close();
  const queue = await startQueue({
    url: templateUrl,
    jobs,
    deps: {
      db: database.db,
      config: loadConfig({ NODE_ENV: 'test' }),
      files: createEncryptedFileStore({ dir: path.join(dataDir, 'files'), masterKey: randomBytes(32) }),
      systemSettings: createSystemSettings(database.db, randomBytes(32).toString('base64url'), NOT_LISTENING),
      faxFilesOf: documentKeysOf,
    },
    work: false,
    logger,
  });
  await queue.stop();

  project.provide('pgAdminUrl', adminUrl);
  const { file, launcher, remove } = await bundle;
  project.provide('serverBundle', { file, launcher });
  return async () => {
    await remove();
    await cluster.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
