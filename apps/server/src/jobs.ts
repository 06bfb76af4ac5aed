import { purgeExpiredVerificationsJob } from './auth/jobs/purge-expired-verifications';
import { purgeExpiredOAuthRecordsJob } from './oauth/jobs/purge-expired-records';
import { purgeSpentIdempotencyJob } from './public-api/jobs/purge-spent-idempotency';
import { automaticBackupsJob } from './backups/automatic-backups';
import { buildDataExportJob, expireDataExportsJob } from './data-export/build-data-export-job';
import { billUsageChargeJob } from './billing/bill-usage-charge-job';
import { billNumberChargeJob } from './billing/bill-number-charge-job';
import { chargeExtraNumbersJob } from './billing/charge-extra-numbers-job';
import { endCancelledSubscriptionsJob } from './billing/end-cancelled-subscriptions';
import { sendEmailJob } from './email/send-email-job';
import { sendSenderLinksJob } from './email-to-fax/jobs/send-sender-links';
import { faxEventConsumers } from './fax-event-consumers';
import { giveUpFaxJob } from './faxes/jobs/give-up-fax';
import { prepareFaxJob } from './faxes/jobs/prepare-fax';
import { prepareBroadcastJob } from './faxes/jobs/prepare-broadcast';
import { giveUpBroadcastJob } from './faxes/jobs/give-up-broadcast';
import { receiveCarrierFaxJob } from './faxes/jobs/receive-carrier-fax';
import { carrierDeadlineJob } from './faxes/jobs/carrier-deadline';
import { transmitFaxJob } from './faxes/jobs/transmit-fax';
import type { WorkerJob } from './job-deps';
import { fanOutAnnouncementJob } from './announcements/fan-out-announcement-job';
import { webhooksDeliverJob } from './webhooks/deliver-job';
import { sendPushJob } from './push/send-push-job';
import { fhirExportJob } from './fhir/export-job';
import { retentionDailyJob } from './retention/jobs/retention-daily-job';
import { zeroFootprintJob } from './retention/jobs/zero-footprint-job';

/** Every job the worker runs. A capability adds its jobs here. */
export const jobs: readonly WorkerJob[] = [
  purgeExpiredVerificationsJob,
  purgeExpiredOAuthRecordsJob,
  purgeSpentIdempotencyJob,
  sendEmailJob,
  sendSenderLinksJob,
  // The dead-letter queue first: the fax steps' queues name it, so it must exist before them.
  giveUpFaxJob,
  prepareFaxJob,
  giveUpBroadcastJob,
  prepareBroadcastJob,
  transmitFaxJob,
  carrierDeadlineJob,
  receiveCarrierFaxJob,
  // The consumers of fax events (fax-event-consumers.ts), each queued by the relay.
  ...faxEventConsumers.map((consumer) => consumer.job),
  webhooksDeliverJob,
  sendPushJob,
  fhirExportJob,
  billUsageChargeJob,
  billNumberChargeJob,
  chargeExtraNumbersJob,
  endCancelledSubscriptionsJob,
  retentionDailyJob,
  zeroFootprintJob,
  automaticBackupsJob,
  buildDataExportJob,
  expireDataExportsJob,
  fanOutAnnouncementJob,
];
