import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { createEncryptedFileStore, type FileStore } from '../../src/platform/files/encrypted-file-store';
import { openFileBackend } from '../../src/platform/files/open-file-backend';
import { localFileBackend } from '../../src/platform/files/local-file-backend';
import type { FileBackend } from '../../src/platform/files/file-backend';
import { faxEventConsumers } from '../../src/fax-event-consumers';
import { startFaxEventRelay } from '../../src/events/relay';
import { jobs } from '../../src/jobs';
import { loadConfig, type TConfig } from '../../src/platform/config';
import { connectDatabase, type Database, type DatabaseHandle } from '../../src/platform/db/client';
import { listenForNotifications, NOT_LISTENING, type DatabaseNotifications } from '../../src/platform/db/notifications';
import type { Logger } from '../../src/platform/logger';
import { startQueue, type Queue } from '../../src/platform/queue/queue';
import { createSystemSettings, type SystemSettings } from '../../src/system-settings/system-settings';
import { TEMPLATE_DATABASE, withDatabase } from './global-setup';
import { documentKeysOf } from '../../src/faxes/fax-records';

export const testLogger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** The settings copy of a queue whose jobs never read them (a test's own jobs, a queue that only sends). */
export const unreadSystemSettings = (db: Database): SystemSettings =>
  createSystemSettings(db, randomBytes(32).toString('base64url'), NOT_LISTENING);

/** A fresh database for one test file, cloned from the migrated template in a few milliseconds. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A database of the test file's own and a connection to it, made before the file's first test and dropped after its
 * last; `url` and `handle` are there from the first test on.
 */
export function useTestDatabase(): { url: string; handle: DatabaseHandle } {
  const opened = { url: '', handle: undefined as unknown as DatabaseHandle };
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    opened.url = database.url;
    opened.handle = connectDatabase(database.url, testLogger);
  });
  afterAll(async () => {
    await opened.handle?.close();
    await drop?.();
  });
  return opened;
}

/**
 * A test file's own database with the pool and queue the server would use; `close` undoes all of it. Its jobs log to
 * `logger` when a test reads the logs.
 */
export async function openTestEnvironment(options: { work?: boolean; config?: TConfig; logger?: Logger } = {}): Promise<{
  url: string;
  database: DatabaseHandle;
  notifications: DatabaseNotifications;
  queue: Queue;
  files: FileStore;
  /** Where `files` keeps what it stores, for tests that check that nothing was kept. */
  filesDir: string;
  /** The backend under `files` and the key that opens them (a backup copies both). */
  filesBackend: FileBackend;
  masterKey: Buffer;
  /** The settings the jobs read, as a worker keeps them. */
  systemSettings: SystemSettings;
  close: () => Promise<void>;
}> {
  const { url, drop } = await createTestDatabase();
  const database = connectDatabase(url, testLogger, options.config?.database);
  const filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-test-files-'));
  // A test's own folder, or the bucket its configuration names (FILES_BACKEND=s3), with a key of its own.
  const backend = options.config?.filesBackend === 's3' ? openFileBackend(options.config) : localFileBackend(filesDir);
  const masterKey = randomBytes(32);
  const files = createEncryptedFileStore({ backend, masterKey });
  const notifications = listenForNotifications(url, testLogger);
  // The jobs' copy of the settings, as a worker keeps it; sealed with the app's secret when an app shares this.
  const settingsSecret = options.config?.authSecret ?? randomBytes(32).toString('base64url');
  const systemSettings = createSystemSettings(database.db, settingsSecret, notifications);
  const queue = await startQueue({
    url,
    notifications,
    jobs,
    deps: {
      db: database.db,
      config: options.config ?? loadConfig({ NODE_ENV: 'test' }),
      files,
      systemSettings,
      faxFilesOf: documentKeysOf,
    },
    work: options.work ?? false,
    logger: options.logger ?? testLogger,
  });
  const relay = options.work
    ? startFaxEventRelay({ db: database.db, queue, notifications, consumers: faxEventConsumers, logger: options.logger ?? testLogger })
    : undefined;
  return {
    url,
    database,
    notifications,
    queue,
    files,
    filesDir,
    filesBackend: backend,
    masterKey,
    systemSettings,
    close: async () => {
      await relay?.stop();
      await queue.stop();
      systemSettings.close();
      await notifications.close();
      await database.close();
      await drop();
      backend.close?.();
      await fs.rm(filesDir, { recursive: true, force: true });
    },
  };
}
