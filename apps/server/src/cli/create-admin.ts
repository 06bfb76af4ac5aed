import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { PASSWORD_MIN_LENGTH, webPaths, ZSignUpRequest } from '@faxline/shared';
import { createAuth } from '../auth/auth';
import { openFileStore } from '../platform/files/encrypted-file-store';
import { createPerson } from '../accounts/create-person';
import { accountOpening } from '../account-lifecycle';
import { setPlatformRole } from '../auth/logins';
import { findUserByEmail } from '../auth/verify-password';
import { jobs } from '../jobs';
import { loadConfig } from '../platform/config';
import { connectDatabase } from '../platform/db/client';
import { migrateDatabase } from '../platform/db/migrate';
import { NOT_LISTENING } from '../platform/db/notifications';
import { openDatabaseForTool } from '../platform/db/open-for-tool';
import { AppError } from '../platform/http/app-error';
import { translator } from '../platform/i18n/i18n';
import { installationSecretOf } from '../platform/local-secret';
import { createLogger } from '../platform/logger';
import { startQueue } from '../platform/queue/queue';
import { createSystemSettings } from '../system-settings/system-settings';
import { documentKeysOf } from '../faxes/fax-records';
import { organizationTables } from '../accounts/schema';

// `npm run admin:create -- --email E --password P [--name N]`, or without them an interactive form: creates a
// platform admin, or makes an existing person one.

async function ask(): Promise<{ email: string; password: string; name: string }> {
  const rl = createInterface({ input: stdin, terminal: false });
  // Reading lines as they come works for a person at a terminal and for answers piped in alike.
  const lines = rl[Symbol.asyncIterator]();
  const question = async (prompt: string) => {
    stdout.write(prompt);
    const { value } = await lines.next();
    return typeof value === 'string' ? value : '';
  };
  try {
    const email = (await question('E-mail: ')).trim();
    const name = (await question('Full name: ')).trim() || email;
    const password = await question(`Password (at least ${PASSWORD_MIN_LENGTH} characters): `);
    return { email, name, password };
  } finally {
    rl.close();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });
  const input =
    values.email && values.password ? { email: values.email, password: values.password, name: values.name ?? values.email } : await ask();
  const parsed = ZSignUpRequest.safeParse(input);
  const t = translator('en');
  if (!parsed.success) {
    for (const issue of parsed.error.issues) stdout.write(`${String(issue.path[0])}: ${t(issue.message)}\n`);
    return 1;
  }

  const config = loadConfig();
  const logger = createLogger({ ...config, logLevel: 'warn' });
  const database = await openDatabaseForTool(config, logger);
  const handle = connectDatabase(database.url, logger);
  const queue = await startQueue({
    url: database.url,
    jobs,
    // It only queues jobs (the welcome e-mail): the settings its handlers would read are never read here.
    deps: {
      db: handle.db,
      config,
      files: await openFileStore(config),
      systemSettings: createSystemSettings(handle.db, await installationSecretOf(config), NOT_LISTENING),
      faxFilesOf: documentKeysOf,
    },
    work: false,
    logger,
  });
  try {
    await migrateDatabase(handle.pool);
    const secret = await installationSecretOf(config);
    const auth = createAuth({ db: handle.db, queue, config, secret, logger, organizationTables });
    const existing = await findUserByEmail(handle.db, parsed.data.email);
    if (existing) {
      await setPlatformRole(handle.db, existing.id, 'admin');
      stdout.write(`${parsed.data.email} already had an account and is now a platform admin (password unchanged).\n`);
    } else {
      await createPerson(
        { auth, db: handle.db, lifecycle: accountOpening },
        { ...parsed.data, platformRole: 'admin', emailVerified: true },
      );
      stdout.write(`Platform admin ${parsed.data.email} created. Sign in at ${config.publicUrl}${webPaths.admin.login.path}\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      stdout.write(`${t(error.messageKey, error.params)}\n`);
      return 1;
    }
    throw error;
  } finally {
    await queue.stop();
    await handle.close();
    await database.close();
  }
}

process.exitCode = await main();
