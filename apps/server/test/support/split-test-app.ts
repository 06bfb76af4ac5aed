import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { createAuth } from '../../src/auth/auth';
import { rememberedPasswords } from './remembered-passwords';
import { openFileStore } from '../../src/platform/files/encrypted-file-store';
import { testConfig } from './test-app';
import { openTestEnvironment, testLogger } from './test-database';
import { organizationTables } from '../../src/accounts/schema';
import { checkV1AnswersWithPrism } from './prism-conformance';

export type SplitTestApp = Awaited<ReturnType<typeof openSplitTestApp>>;

/**
 * The HTTP application in the test process with a queue that only sends (as `--role=api` runs it), on a test file's
 * own database, plus the settings a `--role=worker` process needs to work on the same database and the same encrypted
 * files (one DATA_DIR, one master key). Jobs run only where a worker process is started with `workerEnv`.
 */
export async function openSplitTestApp(options: { env?: Record<string, string> } = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-split-'));
  const shared: Record<string, string> = {
    DATA_DIR: dataDir,
    FILES_MASTER_KEY: randomBytes(32).toString('base64'),
    // The battery sends hundreds of requests from one session; the limits have their own tests.
    RATE_LIMIT_FACTOR: '10000',
    ...options.env,
  };
  const config = testConfig(shared);
  const env = await openTestEnvironment({ work: false, config });
  // The application's own store on DATA_DIR/files, not the environment's throwaway one, so that a worker process
  // reads what the API stored.
  const files = await openFileStore(config);
  const auth = createAuth({
    db: env.database.db,
    queue: env.queue,
    config,
    secret: config.authSecret!,
    logger: testLogger,
    organizationTables,
    passwordHashing: rememberedPasswords,
  });
  const app = await buildApp({
    config,
    logger: testLogger,
    database: env.database,
    notifications: env.notifications,
    queue: env.queue,
    auth,
    files,
    isShuttingDown: () => false,
  });
  checkV1AnswersWithPrism(app);
  return {
    app,
    auth,
    config,
    db: env.database.db,
    env,
    /** The environment of a worker process on this database and these files. */
    workerEnv: {
      ...shared,
      NODE_ENV: 'test',
      DATABASE_URL: env.url,
      AUTH_SECRET: config.authSecret!,
      WEB_DIST_DIR: '',
    },
    close: async () => {
      await app.close();
      await env.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
