import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { organizationTables } from '../../src/accounts/schema';
import { createAuth } from '../../src/auth/auth';
import { documentKeysOf } from '../../src/faxes/fax-records';
import { jobs } from '../../src/jobs';
import type { TConfig } from '../../src/platform/config';
import { connectDatabase, type Database } from '../../src/platform/db/client';
import { createEncryptedFileStore } from '../../src/platform/files/encrypted-file-store';
import { startQueue, type Queue } from '../../src/platform/queue/queue';
import { rememberedPasswords } from './remembered-passwords';
import { TEST_ORIGIN } from './test-app';
import { testLogger, unreadSystemSettings } from './test-database';

// How a battery (fax-battery.ts) sets up the Faxline it runs against: the settings its servers share, and the test's
// own way in to make the customers on the servers' database.

/**
 * The settings every Faxline server of a battery shares: fresh secrets, the tests' origin, no web app, and a fax
 * clock a thousand times faster. Each battery adds where its servers run and their rate limits.
 */
export function batteryEnv() {
  return {
    NODE_ENV: 'test',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    FILES_MASTER_KEY: randomBytes(32).toString('base64'),
    PUBLIC_URL: TEST_ORIGIN,
    WEB_DIST_DIR: '',
    FAX_CLOCK_SCALE: '0.001',
  };
}

/** Better Auth on a server's database and queue, as the server makes it: the test makes its customers with it. */
export function batteryAuth(deps: { db: Database; queue: Queue; config: TConfig }) {
  return createAuth({
    ...deps,
    secret: deps.config.authSecret!,
    logger: testLogger,
    organizationTables,
    passwordHashing: rememberedPasswords,
  });
}

/**
 * The test's own way into the database of the Faxline processes it started: a pool, a queue that only sends (a new
 * customer's welcome e-mail is a job for the processes' workers) and Better Auth on them, as `unlimitedCustomer` takes
 * them. The caller stops the queue and closes the pool.
 */
export async function openBatteryDatabase(url: string, config: TConfig) {
  const database = connectDatabase(url, testLogger);
  // The queue only sends: its file store is never used.
  const files = createEncryptedFileStore({ dir: path.join(os.tmpdir(), 'faxline-battery-unused'), masterKey: randomBytes(32) });
  const queue = await startQueue({
    url,
    jobs,
    deps: { db: database.db, config, files, systemSettings: unreadSystemSettings(database.db), faxFilesOf: documentKeysOf },
    work: false,
    logger: testLogger,
  }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  return { database, db: database.db, queue, auth: batteryAuth({ db: database.db, queue, config }) };
}
