import { purgeExpiredVerificationsJob } from './auth/jobs/purge-expired-verifications';
import { sendEmailJob } from './email/send-email-job';
import { prepareFaxJob } from './faxes/jobs/prepare-fax';
import { transmitFaxJob } from './faxes/jobs/transmit-fax';
import type { JobDefinition } from './platform/queue/define-job';

/** Every job the worker runs. A capability adds its jobs here. */
export const jobs: readonly JobDefinition[] = [purgeExpiredVerificationsJob, sendEmailJob, prepareFaxJob, transmitFaxJob];
