import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { TConfig } from '../config';
import type { FileBackend } from './file-backend';
import { assertFileKey, FILE_KEY, fileNotFound } from './file-keys';

export type S3Settings = NonNullable<TConfig['s3']>;

/** How long opening a connection to the bucket may take, and how long a request or a body may stay silent. */
const S3_CONNECT_TIMEOUT_MS = 10_000;
const S3_QUIET_TIMEOUT_MS = 60_000;

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Files as objects of an S3-compatible bucket (FILES_BACKEND=s3), named by their key. An object is written by one PUT
 * whose length is known beforehand (the encrypted size follows from the plain size), so the body streams through
 * without being gathered first, and S3 keeps it whole or not at all.
 */
export function s3FileBackend(settings: S3Settings): FileBackend {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // The SDK's own checksums would send streamed bodies in aws-chunked encoding, which not every S3-compatible server
    // reads; each segment of our files carries its own authentication tag anyway (decision 060).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The SDK waits forever by default: a bucket that stops answering (or a body nobody reads to its end) would hold a
    // fax job, and the line slot it holds, for good. A request that goes quiet this long fails instead, and the job's
    // own retry takes it up again.
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, socketTimeout: S3_QUIET_TIMEOUT_MS },
  });
  const { bucket } = settings;
  return {
    name: 's3',
    write: async (key, body, length) => {
      assertFileKey(key);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: Readable.from(body), ContentLength: length }));
    },
    read: async (key, from = 0) => {
      assertFileKey(key);
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: from > 0 ? `bytes=${from}-` : undefined }),
        );
        return object.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw fileNotFound(key);
        throw error;
      }
    },
    size: async (key) => {
      assertFileKey(key);
      try {
        return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    remove: async (key) => {
      assertFileKey(key);
      // Deleting an object that is not there succeeds, as removing a missing local file does.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    keys: async function* () {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
        for (const object of page.Contents ?? []) if (object.Key && FILE_KEY.test(object.Key)) yield object.Key;
      }
    },
    close: () => client.destroy(),
  };
}
