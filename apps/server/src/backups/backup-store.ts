import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectsCommand, GetObjectCommand, paginateListObjectsV2, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { TConfig } from '../platform/config';
import { MANIFEST_FILE, ZBackupManifest, type TBackupManifest } from './backup-manifest';

/** A backup kept somewhere, as a list shows it. */
export type KeptBackup = { name: string; location: string; takenAt: Date; kind: TBackupManifest['kind'] };

/**
 * Where backups are kept (decision 110): a folder, or a bucket of an S3-compatible server. A backup is always written
 * into a folder first (in place for a folder; a staging folder for a bucket, uploaded with its manifest last), and a
 * restore reads a folder (a bucket's backup is downloaded first), so one code path writes and checks every backup.
 */
export type BackupStore = {
  /** A folder to write the backup `name` into, and what makes it kept once written (answering where it is). */
  begin: (name: string) => Promise<{ dir: string; keep: () => Promise<string>; abandon: () => Promise<void> }>;
  /** Every finished backup (one with a manifest), oldest first. */
  list: () => Promise<KeptBackup[]>;
  remove: (name: string) => Promise<void>;
};

type BackupSettings = TConfig['backups'];

export function openBackupStore(settings: BackupSettings): BackupStore {
  return settings.s3 ? bucketStore(settings.s3, settings.dir) : folderStore(settings.dir);
}

function folderStore(root: string): BackupStore {
  return {
    begin: async (name) => {
      const dir = path.join(root, name);
      return {
        dir,
        keep: async () => dir,
        abandon: () => fs.rm(dir, { recursive: true, force: true }),
      };
    },
    list: async () => {
      const names = await fs.readdir(root).catch(() => [] as string[]);
      const kept: KeptBackup[] = [];
      for (const name of names) {
        const manifest = await fs.readFile(path.join(root, name, MANIFEST_FILE), 'utf8').then(summaryOf, () => null);
        if (manifest) kept.push({ name, location: path.join(root, name), ...manifest });
      }
      return kept.sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
    },
    remove: (name) => fs.rm(path.join(root, name), { recursive: true, force: true }),
  };
}

/** What a list needs of a manifest; a manifest that does not read is not listed (nor removed). */
function summaryOf(text: string): Pick<KeptBackup, 'takenAt' | 'kind'> | null {
  try {
    const parsed = ZBackupManifest.pick({ takenAt: true, kind: true }).safeParse(JSON.parse(text));
    return parsed.success ? { takenAt: new Date(parsed.data.takenAt), kind: parsed.data.kind } : null;
  } catch {
    return null;
  }
}

type BucketSettings = NonNullable<BackupSettings['s3']>;

const clientOf = (settings: BucketSettings) =>
  new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

/** Every object key under `prefix`. */
async function keysUnder(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
  }
  return keys;
}

async function* filesUnder(dir: string, relative = ''): AsyncGenerator<string> {
  for (const entry of await fs.readdir(path.join(dir, relative), { withFileTypes: true })) {
    const inner = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(dir, inner);
    else yield inner;
  }
}

function bucketStore(settings: BucketSettings, stagingRoot: string): BackupStore {
  const client = clientOf(settings);
  const { bucket } = settings;
  return {
    begin: async (name) => {
      const dir = path.join(stagingRoot, '.staging', name);
      return {
        dir,
        keep: async () => {
          // The manifest last: a prefix without one is an unfinished upload, which neither a list nor a restore takes.
          const pieces = [];
          for await (const file of filesUnder(dir)) if (file !== MANIFEST_FILE) pieces.push(file);
          for (const file of [...pieces, MANIFEST_FILE]) {
            const { size } = await fs.stat(path.join(dir, file));
            await client.send(
              new PutObjectCommand({
                Bucket: bucket,
                Key: `${name}/${file}`,
                Body: (await fs.open(path.join(dir, file))).createReadStream(),
                ContentLength: size,
              }),
            );
          }
          await fs.rm(dir, { recursive: true, force: true });
          return `s3://${bucket}/${name}`;
        },
        abandon: () => fs.rm(dir, { recursive: true, force: true }),
      };
    },
    list: async () => {
      const kept: KeptBackup[] = [];
      for (const key of await keysUnder(client, bucket, '')) {
        const [name, file] = key.split('/');
        if (!name || file !== MANIFEST_FILE) continue;
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const summary = summaryOf(await object.Body!.transformToString());
        if (summary) kept.push({ name, location: `s3://${bucket}/${name}`, ...summary });
      }
      return kept.sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
    },
    remove: async (name) => {
      // The manifest first: a backup half removed is no longer a finished backup.
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: [{ Key: `${name}/${MANIFEST_FILE}` }] } }));
      const keys = await keysUnder(client, bucket, `${name}/`);
      for (let i = 0; i < keys.length; i += 1000) {
        await client.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })) } }),
        );
      }
    },
  };
}

/**
 * A backup to restore, as a folder: `location` itself, or for `s3://bucket/name` a download of it into `stagingRoot`
 * (removed by `done`), with the bucket settings of the configuration.
 */
export async function openBackupToRestore(location: string, settings: BackupSettings): Promise<{ dir: string; done: () => Promise<void> }> {
  const match = /^s3:\/\/([^/]+)\/([^/]+)\/?$/.exec(location);
  if (!match) return { dir: path.resolve(location), done: async () => undefined };
  if (!settings.s3)
    throw new Error('An s3:// backup needs the S3_* settings (S3_ENDPOINT, S3_REGION, the credentials) and BACKUP_S3_BUCKET.');
  const [, bucket, name] = match as unknown as [string, string, string];
  const client = clientOf({ ...settings.s3, bucket });
  const dir = path.join(settings.dir, '.staging', `restore-${name}`);
  await fs.rm(dir, { recursive: true, force: true });
  for (const key of await keysUnder(client, bucket, `${name}/`)) {
    const file = path.join(dir, key.slice(name.length + 1));
    if (!file.startsWith(dir + path.sep)) continue;
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    await pipeline(object.Body as Readable, createWriteStream(file, { mode: 0o600 }));
  }
  return { dir, done: () => fs.rm(dir, { recursive: true, force: true }) };
}
