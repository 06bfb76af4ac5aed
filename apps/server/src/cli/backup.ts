import { stdout } from 'node:process';
import { parseArgs } from 'node:util';
import { openBackupStore } from '../backups/backup-store';
import { backupSourcesOf, runBackup } from '../backups/run-backup';
import { ConfigError, loadConfig } from '../platform/config';
import { connectDatabase } from '../platform/db/client';
import { openDatabaseForTool } from '../platform/db/open-for-tool';
import { createLogger } from '../platform/logger';

// `npm run backup [-- --to FOLDER]`: one consistent backup of this installation (decision 110) into BACKUP_DIR
// (default DATA_DIR/backups), or the bucket BACKUP_S3_BUCKET, or the folder given. The server may keep running.

const say = (line: string) => stdout.write(`${line}\n`);

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    say(error.message);
    return 1;
  }
  const settings = values.to ? { dir: values.to, s3: null } : config.backups;
  const logger = createLogger({ ...config, logLevel: 'warn' });
  const database = await openDatabaseForTool(config, logger);
  const handle = connectDatabase(database.url, logger);
  try {
    const store = openBackupStore(settings);
    const sources = await backupSourcesOf(config, handle.pool);
    const { location, size, manifest } = await runBackup({ db: handle.db, store, sources }, { kind: 'manual', takenAt: new Date() });
    const tables = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
    say(
      `Backup written to ${location}: ${manifest.database.tables.length} tables (${tables} rows), ${manifest.files.length} files, ${size} bytes.`,
    );
    say(`Database at migration ${manifest.migration}, Faxline ${manifest.faxlineVersion}.`);
    if (manifest.keys.filesMasterKey === 'environment' || manifest.keys.installationSecret === 'environment')
      say('FILES_MASTER_KEY or AUTH_SECRET came from the environment and is not in the backup: keep them; a restore needs them.');
    else say('The backup holds the keys that open it (keys/): keep it as safe as the data folder itself.');
    return 0;
  } finally {
    await handle.close();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    say(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
