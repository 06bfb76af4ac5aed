import path from 'node:path';
import { stdout } from 'node:process';
import { parseArgs } from 'node:util';
import { openBackupToRestore } from '../backups/backup-store';
import { BackupRefusedError, restoreBackup } from '../backups/restore-backup';
import { ConfigError, loadConfig } from '../platform/config';
import { openDatabaseForTool } from '../platform/db/open-for-tool';
import { localMasterKeyFile } from '../platform/files/encrypted-file-store';
import { openFileBackend } from '../platform/files/open-file-backend';
import { createLogger } from '../platform/logger';

// `npm run restore -- <folder or s3://bucket/name>`: restores a backup (decision 110) into this installation, which
// must be empty (a new DATA_DIR or database, an empty file store). Every piece's SHA-256 is checked first; a damaged
// backup is refused, naming the piece, and nothing is changed. Stop the server of this installation first.

const say = (line: string) => stdout.write(`${line}\n`);

async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1) {
    say('Usage: npm run restore -- <backup folder or s3://bucket/name>');
    return 1;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    say(error.message);
    return 1;
  }
  const backup = await openBackupToRestore(positionals[0]!, config.backups);
  const logger = createLogger({ ...config, logLevel: 'warn' });
  const database = await openDatabaseForTool(config, logger);
  try {
    say(`Checking every piece of ${positionals[0]} against its SHA-256, then restoring...`);
    const manifest = await restoreBackup(
      backup.dir,
      {
        databaseUrl: database.url,
        files: openFileBackend(config),
        keyFiles: {
          filesMasterKey: config.filesMasterKey ? null : localMasterKeyFile(config.dataDir),
          installationSecret: config.authSecret ? null : path.join(config.dataDir, 'auth.secret'),
        },
        environmentMasterKey: config.filesMasterKey,
      },
      positionals[0],
    );
    say(`Restored the backup of ${manifest.takenAt}: ${manifest.database.tables.length} tables, ${manifest.files.length} files.`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupRefusedError)) throw error;
    say(error.message);
    return 1;
  } finally {
    await database.close();
    await backup.done();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    say(`The restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
