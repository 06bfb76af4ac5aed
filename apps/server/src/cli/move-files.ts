import fs from 'node:fs/promises';
import { stdout } from 'node:process';
import { parseArgs } from 'node:util';
import { filesMasterKeyOf, localMasterKeyFile } from '../platform/files/encrypted-file-store';
import { openFileBackend } from '../platform/files/open-file-backend';
import { moveFiles } from '../platform/files/move-files';
import { baaFileReferences } from '../billing/baa';
import { storedFileReferences } from '../faxes/stored-files';
import { ticketAttachmentReferences } from '../tickets/ticket-attachments';
import { ConfigError, loadConfig } from '../platform/config';
import { connectDatabase } from '../platform/db/client';
import { openDatabaseForTool } from '../platform/db/open-for-tool';
import { createLogger } from '../platform/logger';

// `npm run files:move -- --from local --to s3` (or --from s3 --to local): copies every file the database refers to
// into the other backend and checks each copy's SHA-256 (decision 060). The source is left as it is. Files stored
// while it runs are not in its list: stop the server first, or run it again once stopped (only the new ones are
// copied then), and only then set FILES_BACKEND to the target.

const say = (line: string) => stdout.write(`${line}\n`);
const BACKENDS = ['local', 's3'] as const;
type BackendName = (typeof BACKENDS)[number];
const isBackend = (value: string | undefined): value is BackendName => BACKENDS.includes(value as BackendName);

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  if (!isBackend(values.from) || !isBackend(values.to) || values.from === values.to) {
    say('Usage: npm run files:move -- --from local --to s3   (or --from s3 --to local)');
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
  if (!config.s3) {
    say('The S3 backend is not configured: set S3_BUCKET, S3_REGION, S3_ENDPOINT (unless it is Amazon S3) and the credentials.');
    return 1;
  }
  // The key that opens the files, as the server finds it; one generated now would open none of them.
  if (
    !config.filesMasterKey &&
    !(await fs.access(localMasterKeyFile(config.dataDir)).then(
      () => true,
      () => false,
    ))
  ) {
    say(`There is no files master key: FILES_MASTER_KEY is not set and ${localMasterKeyFile(config.dataDir)} does not exist.`);
    return 1;
  }
  const from = openFileBackend(config, values.from);
  const to = openFileBackend(config, values.to);
  const where = (name: BackendName) => (name === 'local' ? config.filesDir : `the bucket ${config.s3!.bucket}`);

  const logger = createLogger({ ...config, logLevel: 'warn' });
  const database = await openDatabaseForTool(config, logger);
  const handle = connectDatabase(database.url, logger);
  try {
    say(`Copying the files from ${where(values.from)} to ${where(values.to)}, checking each copy's SHA-256...`);
    // The faxes' files, then the signed business associate agreements (decision 090), then support tickets' files.
    const files = (async function* () {
      yield* storedFileReferences(handle.db);
      yield* baaFileReferences(handle.db);
      yield* ticketAttachmentReferences(handle.db);
    })();
    const result = await moveFiles({ files, from, to, masterKey: await filesMasterKeyOf(config) });
    for (const { key, reason } of result.failed) say(`  failed: ${key} (${reason})`);
    say(
      `${result.copied} copied, ${result.alreadyThere} already there and verified, ${result.replaced} replaced ` +
        `(the copy there did not verify), ${result.failed.length} failed.`,
    );
    say(`Nothing was deleted from ${where(values.from)}.`);
    if (result.failed.length > 0) {
      say(
        `Do not switch FILES_BACKEND to ${values.to} yet: the files listed above are not there as the database knows ` +
          'them. Fix the cause (a file damaged or missing at the source cannot be read either), then run this again.',
      );
      return 1;
    }
    say(`Every file is in ${where(values.to)}. Set FILES_BACKEND=${values.to} and start the server.`);
    return 0;
  } finally {
    await handle.close();
    await database.close();
    from.close?.();
    to.close?.();
  }
}

process.exitCode = await main();
