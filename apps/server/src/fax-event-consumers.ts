import { FAX_LANDED_EVENT, NOTIFIED_FAX_EVENT_TYPES } from '@faxline/shared';
import { faxEventEmailJob } from './fax-emails/fax-event-email-job';
import { eventsOfReadingAccounts, READ_AFTER, readFaxTextJob } from './fax-text/read-fax-text-job';
import { eventsOfAutomaticFhirAccounts, EXPORT_AFTER, fhirExportClassifiedJob } from './fhir/export-classified-job';
import { eventsWithSubscribers, webhooksFanOutJob } from './webhooks/fan-out-job';
import { recordFaxFailureJob } from './events/record-fax-failure-job';
import type { FaxEventConsumer } from './events/relay';
import { isPushedEvent, pushFaxEventJob } from './push/push-event-job';
import { eventsOfAccountsWithPushDevices } from './push/subscriptions';
import { routeFaxJob } from './routing/route-fax-job';
import { eventsOfZeroFootprintAccounts, faxEndedJob, ZERO_FOOTPRINT_AFTER } from './retention/jobs/fax-ended-job';

/** Every consumer of fax events, and the events each one wants: the relay queues one job per event and consumer. */
export const faxEventConsumers: readonly FaxEventConsumer[] = [
  { job: recordFaxFailureJob, wants: (type) => type === 'fax.failed' },
  { job: webhooksFanOutJob, wants: () => true, wanted: eventsWithSubscribers },
  { job: faxEventEmailJob, wants: (type) => (NOTIFIED_FAX_EVENT_TYPES as readonly string[]).includes(type) },
  { job: pushFaxEventJob, wants: isPushedEvent, wanted: eventsOfAccountsWithPushDevices },
  { job: routeFaxJob, wants: (type) => type === FAX_LANDED_EVENT },
  { job: readFaxTextJob, wants: (type) => (READ_AFTER as readonly string[]).includes(type), wanted: eventsOfReadingAccounts },
  {
    job: fhirExportClassifiedJob,
    wants: (type) => (EXPORT_AFTER as readonly string[]).includes(type),
    wanted: eventsOfAutomaticFhirAccounts,
  },
  // Zero-footprint mode (decision 108): a sent fax's content goes once it is final and its deliveries are out.
  {
    job: faxEndedJob,
    wants: (type) => (ZERO_FOOTPRINT_AFTER as readonly string[]).includes(type),
    wanted: eventsOfZeroFootprintAccounts,
  },
];
