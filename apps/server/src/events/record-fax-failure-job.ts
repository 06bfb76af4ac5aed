import { eq } from 'drizzle-orm';
import { faxes } from '../faxes/schema';
import { defineJob } from '../job-deps';
import { loadFaxEvent, ZFaxEventJob, faxEventJobKey } from './fax-event';
import { recordPlatformEvent } from './platform-events';

/** Consumer of `fax.failed`: the back office's bell lists faxes failing across accounts, with their reason. */
export const recordFaxFailureJob = defineJob({
  name: 'events.platform-fax-failed',
  schema: ZFaxEventJob,
  queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
  exclusiveKey: faxEventJobKey('events.platform-fax-failed'),
  handler: async ({ eventId }, { db }) => {
    const event = await loadFaxEvent(db, eventId);
    if (!event || event.type !== 'fax.failed') return;
    const [fax] = await db
      .select({ failureReason: faxes.failureReason, toNumber: faxes.toNumber })
      .from(faxes)
      .where(eq(faxes.id, event.faxId));
    if (!fax) return;
    await recordPlatformEvent(db, {
      type: 'fax.failed',
      subjectId: event.faxId,
      accountId: event.accountId,
      details: { reason: fax.failureReason, toNumber: fax.toNumber },
    });
  },
});
