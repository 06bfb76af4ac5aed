import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { jobs } from '../../src/jobs';
import { loadConfig } from '../../src/platform/config';
import { connectDatabase } from '../../src/platform/db/client';
import { startEmbeddedPostgres } from '../../src/platform/db/embedded-postgres';
import { migrateDatabase } from '../../src/platform/db/migrate';
import { seedPlanCatalogue } from '../../src/plans/catalogue-seed';
import { startQueue } from '../../src/platform/queue/queue';

export const TEMPLATE_DATABASE = 'faxline_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test cluster's maintenance database, for creating per-file databases. */
    pgAdminUrl: string;
  }
}

/** One embedded cluster for the run; the template is migrated (tables and the job queue's schema) once. */
export default async function setup(project: TestProject) {
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
  await seedPlanCatalogue(database.db); // as a new server does: the template is a fresh Faxline database
  await database.close();
  const queue = await startQueue({
    url: templateUrl,
    jobs,
    deps: { db: database.db, config: loadConfig({ NODE_ENV: 'test' }), logger },
    work: false,
    logger,
  });
  await queue.stop();

  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    await cluster.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
