import { recordFaxFailureJob } from './record-fax-failure-job';
import type { FaxEventConsumer } from './relay';

/** Every consumer of fax events, and the events each one wants: the relay queues one job per event and consumer. */
export const faxEventConsumers: readonly FaxEventConsumer[] = [{ job: recordFaxFailureJob, wants: (type) => type === 'fax.failed' }];
