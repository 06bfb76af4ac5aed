import { z } from 'zod';
import type { JobAddress } from '../../platform/queue/define-job';

/**
 * The try job's name and payload, apart from its handler: the end of a try (end-attempt.ts) queues the next one, and
 * the try's handler ends tries, so the two would otherwise import each other.
 */
export const transmitFaxAddress = {
  name: 'faxes.transmit',
  schema: z.object({ faxId: z.uuid(), attempt: z.number().int().min(1) }),
} satisfies JobAddress;
