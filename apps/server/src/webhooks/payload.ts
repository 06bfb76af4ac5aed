import { WEBHOOK_TEST_EVENT, type TFaxEventType, type TLanguage } from '@faxline/shared';
import type { TV1FaxEventPayload, TV1TestEventPayload } from '@faxline/shared/api-v1';
import { eq } from 'drizzle-orm';
import type { FaxEventRow } from '../events/fax-event';
import { toPublicFax } from '../faxes/fax-view';
import { faxAttemptViews } from '../faxes/get-fax';
import { faxes } from '../faxes/schema';
import type { Database } from '../platform/db/client';
import { toV1FaxDetails } from '../faxes/v1-fax-view';

/**
 * The body of a fax event's messages, the bytes that are signed and sent: the event's type and time, and the fax as
 * GET /v1/faxes/{fax_id} returns it now (its failure's class, `retryable` and sentence in the fax's language). Undefined when the fax is gone (deleted since).
 */
export async function faxEventPayload(db: Database, event: FaxEventRow): Promise<string | undefined> {
  const [fax] = await db.select().from(faxes).where(eq(faxes.id, event.faxId));
  if (!fax) return undefined;
  const data = toV1FaxDetails(
    {
      ...toPublicFax(fax),
      attempts: await faxAttemptViews(db, fax.id),
      documentClass: fax.documentClass,
      classConfidence: fax.classConfidence,
      fields: fax.foundFields ?? [],
      pageProblems: fax.pageProblems ?? [],
    },
    fax.language as TLanguage,
  );
  // The document's `webhooks` section describes this body (ZV1FaxEventPayload): the type holds them together. A
  // `fax.landed` never reaches a webhook (decision 104), hence the narrower type.
  const type = event.type as TFaxEventType;
  return JSON.stringify({ type, timestamp: event.createdAt.toISOString(), data } satisfies TV1FaxEventPayload);
}

/** The body of a test message: small, and plainly not about a fax. */
export function testPayload(endpointId: string, now: Date): string {
  return JSON.stringify({
    type: WEBHOOK_TEST_EVENT,
    timestamp: now.toISOString(),
    data: { endpoint_id: endpointId, message: 'This is a test event from Faxline.' },
  } satisfies TV1TestEventPayload);
}
