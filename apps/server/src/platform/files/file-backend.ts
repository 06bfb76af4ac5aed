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
