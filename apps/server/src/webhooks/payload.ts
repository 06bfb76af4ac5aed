import { WEBHOOK_TEST_EVENT, type TFaxEventType, type TLanguage, type TWebhookFormat } from '@faxline/shared';
import type { TV1FaxEventPayload, TV1TestEventPayload } from '@faxline/shared/api-v1';
import { eq } from 'drizzle-orm';
import { noticeTermsOf } from '../accounts/notice-terms';
import type { FaxEventRow } from '../events/fax-event';
import { loadFax } from '../faxes/fax-state';
import { toPublicFax } from '../faxes/fax-view';
import { faxAttemptViews } from '../faxes/get-fax';
import { faxes } from '../faxes/schema';
import type { Database } from '../platform/db/client';
import { toV1FaxDetails } from '../faxes/v1-fax-view';
import { chatMessageBody } from './chat-formats';
import { faxChatNotice, testChatNotice } from './chat-notice';

type PayloadDeps = { db: Database; publicUrl: string };

/**
 * The body of a fax event's message to an endpoint of this format: the signed JSON of a standard endpoint, or a chat
 * app's message. Undefined when the fax (or its account) is gone.
 */
export async function eventPayloadFor(
  { db, publicUrl }: PayloadDeps,
  format: TWebhookFormat,
  event: FaxEventRow,
): Promise<string | undefined> {
  if (format === 'standard') return faxEventPayload(db, event);
  const fax = await loadFax(db, event.faxId);
  const terms = fax ? await noticeTermsOf(db, fax.accountId) : null;
  if (!fax || !terms) return undefined;
  return chatMessageBody(format, faxChatNotice({ type: event.type as TFaxEventType, at: event.createdAt, fax }, terms, publicUrl));
}

/** The body of "Send test event" for an endpoint of the account: small, and plainly not about a fax. */
export async function testPayloadFor(
  { db, publicUrl }: PayloadDeps,
  endpoint: { id: string; accountId: string; format: TWebhookFormat },
  now: Date,
): Promise<string> {
  if (endpoint.format === 'standard') return testPayload(endpoint.id, now);
  const language = (await noticeTermsOf(db, endpoint.accountId))?.language ?? 'en';
  return chatMessageBody(endpoint.format, testChatNotice({ language }, publicUrl));
}

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

/** The body of a standard endpoint's test message. */
function testPayload(endpointId: string, now: Date): string {
  return JSON.stringify({
    type: WEBHOOK_TEST_EVENT,
    timestamp: now.toISOString(),
    data: { endpoint_id: endpointId, message: 'This is a test event from Faxline.' },
  } satisfies TV1TestEventPayload);
}
