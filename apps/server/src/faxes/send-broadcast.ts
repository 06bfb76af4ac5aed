import { MAX_BROADCAST_RECIPIENTS, type TFaxQuote, type TLanguage, type ZSendBroadcastRequest } from '@faxline/shared';
import type { z } from 'zod';
import { contactsForBroadcast } from '../contacts/broadcast-recipients';
import { AppError } from '../platform/http/app-error';
import type { Upload } from './check-attachments';
import type { FaxActor } from './fax-access';
import { quoteFaxes, sendFaxes, type SendFaxDeps, type SendFaxesInput } from './send-fax';

export type SendBroadcastInput = {
  actor: FaxActor;
  language: TLanguage;
  request: z.output<typeof ZSendBroadcastRequest>;
  uploads: Upload[];
  idempotencyKey: string | null;
};

/**
 * The recipients of a broadcast: the numbers given, then the contacts chosen and those of the tags, each number once
 * (the first name given for it is kept). Refused when there are none or more than the limit.
 */
export async function broadcastRecipients(deps: Pick<SendFaxDeps, 'db'>, input: Pick<SendBroadcastInput, 'actor' | 'request'>) {
  const { request } = input;
  const chosen = await contactsForBroadcast(deps.db, input.actor.member.accountId, { ids: request.contactIds, tags: request.tags });
  const names = new Map<string, string | null>();
  // A chosen contact's station id is checked on its fax (decision 121); a typed number's comes from the address book.
  const stations = new Map<string, string>();
  for (const number of request.recipients) if (!names.has(number)) names.set(number, null);
  for (const contact of chosen) {
    if (!names.has(contact.faxNumber) || names.get(contact.faxNumber) === null) names.set(contact.faxNumber, contact.name);
    if (contact.stationId && !stations.has(contact.faxNumber)) stations.set(contact.faxNumber, contact.stationId);
  }
  if (names.size === 0) throw new AppError('invalid_request', 'errors.broadcastNoRecipients');
  if (names.size > MAX_BROADCAST_RECIPIENTS)
    throw new AppError('invalid_request', 'errors.tooManyRecipients', { max: MAX_BROADCAST_RECIPIENTS });
  const numbers = [...names.keys()];
  return { numbers, names: [...names.values()], stationIds: numbers.map((number) => stations.get(number)) };
}

/** The one send path's input for a broadcast (faxes/send-fax.ts), from the portal's broadcast form. */
function sendInputOf(
  input: SendBroadcastInput,
  recipients: { numbers: string[]; names: (string | null)[]; stationIds: (string | undefined)[] },
): SendFaxesInput {
  const { request } = input;
  return {
    actor: input.actor,
    language: input.language,
    request: {
      recipientNumber: recipients.numbers[0]!,
      faxQuality: request.faxQuality,
      ...(request.coverPageMessage ? { coverPageMessage: request.coverPageMessage } : {}),
      ...(request.coverSubject ? { coverSubject: request.coverSubject } : {}),
      ...(request.scheduledAt ? { scheduledAt: request.scheduledAt } : {}),
      ...(request.fromNumber ? { fromNumber: request.fromNumber } : {}),
    },
    recipients: recipients.numbers,
    recipientNames: recipients.names,
    expectedStationIds: recipients.stationIds,
    uploads: input.uploads,
    idempotencyKey: input.idempotencyKey,
    channel: 'web',
    // The form showed the whole set's price: it goes only at that price (decision 096).
    acceptedTotalCents: request.quotedTotalCents ?? null,
  };
}

/**
 * A broadcast from the portal (decision 111): its recipients resolved, then the one send path for every channel,
 * which checks each number, the whole set's quota and price, and records the broadcast and its faxes in one
 * transaction, or nothing. Even one recipient makes a broadcast here: the person chose the broadcast form.
 */
export async function sendBroadcast(deps: SendFaxDeps, input: SendBroadcastInput) {
  const recipients = await broadcastRecipients(deps, input);
  const sent = await sendFaxes(deps, {
    ...sendInputOf(input, recipients),
    ...(recipients.numbers.length === 1 ? { forceBroadcast: true } : {}),
  });
  return {
    broadcastId: sent.broadcastId!,
    recipients: sent.faxes.length,
    scheduled: Boolean(input.request.scheduledAt),
    quote: sent.quote,
  };
}

/** The whole set's price before sending, for the broadcast form. */
export async function quoteBroadcast(deps: SendFaxDeps, input: SendBroadcastInput): Promise<TFaxQuote> {
  const recipients = await broadcastRecipients(deps, input);
  return quoteFaxes(deps, sendInputOf(input, recipients));
}
