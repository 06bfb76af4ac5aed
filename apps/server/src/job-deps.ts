import type { z } from 'zod';
import type { FaxFilesOf } from './email/fax-attachments';
import type { TConfig } from './platform/config';
import type { Database } from './platform/db/client';
import type { FileStore } from './platform/files/encrypted-file-store';
import type { JobDefinition, JobRun } from './platform/queue/define-job';
import type { SystemSettings } from './system-settings/system-settings';

/**
 * What the worker process gives every job handler (server.ts builds it once; the queue adds itself, the run's logger
 * and its lock). It sits beside jobs.ts rather than in platform/queue because its parts are the application's to
 * choose: the queue passes them on without knowing them.
 */
export type WorkerDeps = {
  db: Database;
  config: TConfig;
  files: FileStore;
  /** The process's copy of the platform settings, kept in step with every save by NOTIFY (as the API's). */
  systemSettings: SystemSettings;
  /** The faxes' stored files, for the e-mails that attach them (faxes/fax-records.ts `documentKeysOf`). */
  faxFilesOf: FaxFilesOf;
};

/** What a job handler may use; injected by the queue so handlers stay plain functions. */
export type JobDeps = WorkerDeps & JobRun;

/** A job this application's workers run: its handler takes the worker's parts. */
export type WorkerJob<TSchema extends z.ZodType = z.ZodType> = JobDefinition<TSchema, WorkerDeps>;

export function defineJob<TSchema extends z.ZodType>(definition: WorkerJob<TSchema>): WorkerJob<TSchema> {
  return definition;
}
