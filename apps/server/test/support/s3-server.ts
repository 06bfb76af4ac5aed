import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The access key s3rver accepts (its documented default), and the bucket each test server starts with. */
const ACCESS_KEY = 'S3RVER';
export const TEST_BUCKET = 'faxline-files';

/**
 * An S3-compatible server (s3rver, from npm) on a free port, keeping its objects in a temporary folder, for the tests
 * of FILES_BACKEND=s3. `env` is what the server is configured with; `objects` lists what the bucket holds,
 * straight from the server's folder; `stop` ends it and removes the folder.
 */
export async function startS3Server() {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: TEST_BUCKET }] });
  const { port } = await server.run();
  const bucketDir = path.join(directory, TEST_BUCKET);
  /** s3rver keeps an object's bytes in `<key>._S3rver_object` beside its metadata. */
  const objectFile = (key: string) => path.join(bucketDir, `${key}._S3rver_object`);
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: TEST_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    /** The keys of the objects in the bucket. */
    objects: async (): Promise<string[]> => {
      const names = await fs.readdir(bucketDir).catch(() => []);
      return names.filter((name) => name.endsWith('._S3rver_object')).map((name) => name.slice(0, -'._S3rver_object'.length));
    },
    /** An object's stored bytes, as the server keeps them. */
    objectBytes: (key: string) => fs.readFile(objectFile(key)),
    /** Changes an object's stored bytes behind the server's back (a damaged disk). */
    overwriteObject: (key: string, bytes: Buffer) => fs.writeFile(objectFile(key), bytes),
    stop: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
