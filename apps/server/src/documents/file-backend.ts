import type { TConfig } from '../platform/config';
import { localFileBackend } from './local-file-backend';
import { s3FileBackend } from './s3-file-backend';

/**
 * Where the encrypted files' bytes are kept (decision 060): a folder (the default) or an S3-compatible bucket. A
 * backend sees only encrypted bytes; encrypting, and checking what is read back, is the file store's job.
 */
export type FileBackend = {
  /** As FILES_BACKEND names it. */
  readonly name: 'local' | 's3';
  /** Keeps `length` bytes under `key`, all of them or none: a reader never sees half a file. */
  write: (key: string, body: AsyncIterable<Uint8Array>, length: number) => Promise<void>;
  /** The bytes kept under `key`, from byte `from` on; rejects with the code ENOENT when there is no such file. */
  read: (key: string, from?: number) => Promise<AsyncIterable<Uint8Array>>;
  /** The stored size of a file, or null when there is none. */
  size: (key: string) => Promise<number | null>;
  remove: (key: string) => Promise<void>;
  /** Every key kept, in no particular order. */
  keys: () => AsyncIterable<string>;
  /** Lets go of its connections (a command that ends). */
  close?: () => void;
};

/** A backend by name (FILES_BACKEND's by default): the folder DATA_DIR/files, or the bucket of the S3_* settings. */
export function openFileBackend(
  config: Pick<TConfig, 'filesDir' | 'filesBackend' | 's3'>,
  name: 'local' | 's3' = config.filesBackend,
): FileBackend {
  if (name === 'local') return localFileBackend(config.filesDir);
  if (!config.s3) throw new Error('The S3 backend needs S3_BUCKET (and S3_ENDPOINT for a server other than Amazon S3).');
  return s3FileBackend(config.s3);
}
