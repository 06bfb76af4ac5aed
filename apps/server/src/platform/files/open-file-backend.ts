import type { TConfig } from '../config';
import { localFileBackend } from './local-file-backend';
import { s3FileBackend } from './s3-file-backend';
import type { FileBackend } from './file-backend';

/** A backend by name (FILES_BACKEND's by default): the folder DATA_DIR/files, or the bucket of the S3_* settings. */
export function openFileBackend(
  config: Pick<TConfig, 'filesDir' | 'filesBackend' | 's3'>,
  name: 'local' | 's3' = config.filesBackend,
): FileBackend {
  if (name === 'local') return localFileBackend(config.filesDir);
  if (!config.s3) throw new Error('The S3 backend needs S3_BUCKET (and S3_ENDPOINT for a server other than Amazon S3).');
  return s3FileBackend(config.s3);
}
