import { z } from 'zod';
import { defineJob } from '../job-deps';
import { fanOutAnnouncement } from './fan-out-announcement';

/**
 * Queued with the announcement, in the transaction that records it (the outbox of decision 051, with the
 * announcement as its row): lists the people it reaches and queues their e-mails, once each however often it runs.
 */
export const fanOutAnnouncementJob = defineJob({
  name: 'announcements.fan-out',
  schema: z.object({ announcementId: z.uuid() }),
  queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
  pollingIntervalSeconds: 1,
  exclusiveKey: ({ announcementId }) => `announcements.fan-out:${announcementId}`,
  handler: async ({ announcementId }, deps) => fanOutAnnouncement(deps, announcementId),
});
