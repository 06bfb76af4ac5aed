import fs from 'node:fs/promises';
import path from 'node:path';
import { stdout } from 'node:process';
import { localMasterKeyFile } from '../platform/files/encrypted-file-store';
import { openFileBackend } from '../platform/files/open-file-backend';
import { rotateMasterKey, rotateMasterKeyInBucket, syncFolder } from '../platform/files/rotate-master-key';
import { ConfigError, loadConfig, loadNewFilesMasterKey } from '../platform/config';
import { assertDataDirFree, DataDirInUseError } from '../platform/db/embedded-postgres';

// `NEW_FILES_MASTER_KEY=<32 bytes in base64> npm run files:rotate-key`, with the server and its workers stopped:
// re-wraps every stored file's key under the new master key (the data is not re-encrypted). The current key is read as
// the server reads it: FILES_MASTER_KEY, or DATA_DIR/files.key. A run cut short is finished by running it again. The
// files are those of FILES_BACKEND: the folder DATA_DIR/files, or the S3 bucket (each object written again whole).

const say = (line: string) => stdout.write(`${line}\n`);

async function readKeyFile(file: string): Promise<Buffer | undefined> {
  const text = await fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  // Written by readOrCreateLocalSecret in base64url; Node's base64url decoding takes plain base64 too.
  return text?.trim() ? Buffer.from(text.trim(), 'base64url') : undefined;
}

/** Written whole under another name, flushed, then renamed: the key file is always the old key or the new one. */
async function writeKeyFile(file: string, key: Buffer): Promise<void> {
  const temp = `${file}.tmp`;
  const handle = await fs.open(temp, 'w', 0o600);
  try {
    await handle.writeFile(key.toString('base64url'));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temp, file);
  await syncFolder(path.dirname(file));
}

async function main(): Promise<number> {
  let config;
  let next: Buffer;
  try {
    config = loadConfig();
    next = loadNewFilesMasterKey();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    say(error.message);
    return 1;
  }

  // Files written meanwhile by a running server would be wrapped by the old key after we passed them. Only the embedded
  // database tells us whether a server runs; with DATABASE_URL the operator has been told to stop it.
  if (!config.databaseUrl) {
    try {
      await assertDataDirFree(config.pgDataDir);
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      say(`A Faxline server is running on ${config.dataDir}: stop it and its workers first, then run this again.`);
      return 1;
    }
  }

  const keyFile = localMasterKeyFile(config.dataDir);
  // With the key in a local file, the new key is kept beside it before any file changes: a run cut short never
  // leaves files that only a key given on a command line, and maybe lost, can open.
  const pendingFile = `${keyFile}.next`;
  const fromFile = config.filesMasterKey === undefined;
  const current = config.filesMasterKey ?? (await readKeyFile(keyFile));
  if (!current) {
    say(`There is no files master key to rotate: FILES_MASTER_KEY is not set and ${keyFile} does not exist.`);
    return 1;
  }
  if (current.length !== 32) {
    say(`${keyFile} does not hold a 32-byte key, so the files cannot be read with it; nothing was changed.`);
    return 1;
  }
  if (current.equals(next)) {
    say('NEW_FILES_MASTER_KEY is already the current files master key: there is nothing to rotate.');
    return 0;
  }
  if (fromFile) {
    const pending = await readKeyFile(pendingFile);
    if (pending && !pending.equals(next)) {
      say(
        `${pendingFile} holds the new key of a rotation that did not finish: finish it with ` +
          `NEW_FILES_MASTER_KEY="$(cat ${pendingFile})" npm run files:rotate-key`,
      );
      return 1;
    }
    if (!pending) await writeKeyFile(pendingFile, next);
  }

  const inBucket = config.filesBackend === 's3';
  say(`Rotating the master key of the files in ${inBucket ? `the bucket ${config.s3!.bucket}` : config.filesDir}...`);
  const backend = inBucket ? openFileBackend(config) : undefined;
  const result = backend
    ? await rotateMasterKeyInBucket({ backend, from: current, to: next }).finally(() => backend.close?.())
    : await rotateMasterKey({ dir: config.filesDir, from: current, to: next });
  for (const { file, reason } of result.failed) say(`  not rotated: ${file} (${reason})`);
  say(`${result.rewrapped} re-wrapped, ${result.alreadyDone} already on the new key, ${result.failed.length} failed.`);

  if (result.failed.length > 0) {
    say(
      'The rotation is not finished, and the files already re-wrapped open only with the new key. Deal with the files ' +
        `listed above (one that neither key opens cannot be read anyway: move it out of the ${inBucket ? 'bucket' : 'files folder'}; for any other ` +
        `reason, fix the cause), then run this again with the same two keys.${fromFile ? ` Meanwhile the new key is kept in ${pendingFile}.` : ''}`,
    );
    return 1;
  }
  if (fromFile) {
    await fs.rename(pendingFile, keyFile);
    await syncFolder(path.dirname(keyFile));
    say(`Done. The new key is now in ${keyFile}: start the server again.`);
  } else {
    say(
      'Done. Now set FILES_MASTER_KEY to the new key (the value of NEW_FILES_MASTER_KEY) wherever the server and its ' +
        'workers get their settings, and restart them: until then they cannot read the files.',
    );
  }
  return 0;
}

process.exitCode = await main();
