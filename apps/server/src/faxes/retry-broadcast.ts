import type { TLanguage } from '@faxline/shared';
import { asc, eq } from 'drizzle-orm';
import { recordAuditEvent } from '../audit/record-audit-event';
import { auditedBy } from '../accounts/actor';
import { numbersOfAccount } from '../numbers/numbers';
import { AppError } from '../platform/http/app-error';
import { accessibleBroadcast, latestFaxesOf, RETRYABLE_STATUSES } from './broadcast-view';
import type { FaxActor } from './fax-access';
import { assertContentKept } from './get-fax';
import { faxFiles } from './schema';
import { sendFaxes, type SendFaxDeps } from './send-fax';

/**
 * "Retry the failed" (decision 111): one new fax for each recipient whose latest fax of the broadcast failed (or was
 * only partly delivered), and for no one else, in the same broadcast, each linked to the fax it repeats. The same
 * documents, cover and From number, through the one send path: every check of a new send, the quota and the price of
 * the whole set in one transaction, and the document rendered once for them all. Like a resend (decision 096), it
 * does not ask the person to see a price first; its charge is still capped by its own quote.
 */
export async function retryFailedOfBroadcast(
  deps: SendFaxDeps,
  input: { actor: FaxActor; id: string; language: TLanguage; idempotencyKey: string | null },
): Promise<number> {
  const { db } = deps;
  const broadcast = await accessibleBroadcast(db, input.actor, input.id);
  const failed = (await latestFaxesOf(db, broadcast.id))
    .map(({ fax }) => fax)
    .filter((fax) => (RETRYABLE_STATUSES as readonly string[]).includes(fax.status));
  const model = failed[0];
  if (!model) throw new AppError('conflict', 'errors.broadcastNothingToRetry');
  // Its documents are gone for good under the retention policy: there is nothing to send again.
  assertContentKept(model);
  const kept = await db.select().from(faxFiles).where(eq(faxFiles.faxId, model.id)).orderBy(asc(faxFiles.position));
  const uploads = await Promise.all(
    kept.map(async (file) => ({ name: file.name, bytes: await deps.files.get(file.storageKey), truncated: false })),
  );
  const own = await numbersOfAccount(db, input.actor.member.accountId);
  const fromNumber = own.some((n) => n.phoneNumber === model.fromNumber) ? model.fromNumber! : undefined;
  const sent = await sendFaxes(deps, {
    actor: input.actor,
    language: input.language,
    request: {
      recipientNumber: model.toNumber,
      faxQuality: model.quality,
      ...(model.coverSubject ? { coverSubject: model.coverSubject } : {}),
      ...(model.coverMessage ? { coverPageMessage: model.coverMessage } : {}),
      ...(fromNumber ? { fromNumber } : {}),
    },
    recipients: failed.map((fax) => fax.toNumber),
    recipientNames: failed.map((fax) => fax.recipientName),
    resentFromIds: failed.map((fax) => fax.id),
    expectedStationIds: failed.map((fax) => fax.expectedStationId),
    broadcastId: broadcast.id,
    uploads,
    idempotencyKey: input.idempotencyKey,
  });
  await recordAuditEvent(db, {
    ...auditedBy(input.actor, { faxes: sent.faxes.length }),
    action: 'broadcast.retry',
    objectType: 'broadcast',
    objectId: broadcast.id,
    outcome: 'success',
  });
  return sent.faxes.length;
}
