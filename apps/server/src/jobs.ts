import { purgeExpiredVerificationsJob } from './auth/jobs/purge-expired-verifications';
import type { JobDefinition } from './platform/queue/define-job';

/** Every job the worker runs. A capability adds its jobs here. */
export const jobs: readonly JobDefinition[] = [purgeExpiredVerificationsJob];
