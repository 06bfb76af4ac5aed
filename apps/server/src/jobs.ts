import { purgeExpiredVerificationsJob } from './auth/jobs/purge-expired-verifications';
import { sendEmailJob } from './email/send-email-job';
import type { JobDefinition } from './platform/queue/define-job';

/** Every job the worker runs. A capability adds its jobs here. */
export const jobs: readonly JobDefinition[] = [purgeExpiredVerificationsJob, sendEmailJob];
