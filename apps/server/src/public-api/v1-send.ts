import type { TLanguage, ZSendFaxRequest } from '@faxline/shared';
import { MAX_BROADCAST_RECIPIENTS, type ZV1SendFaxRequest } from '@faxline/shared/api-v1';
import type { z } from 'zod';
import type { Actor } from '../accounts/actor';
import { checkFileUrl } from '../documents/fetch-url/fetch-file-url-checks';
import type { Upload } from '../faxes/check-attachments';
import type { SendFaxesInput } from '../faxes/send-fax';
import { AppError } from '../platform/http/app-error';

type SendRequest = z.output<typeof ZV1SendFaxRequest>;

/** The numbers a send goes to: `recipient`, or `recipients` for a broadcast; one of the two. */
function recipientsOf(body: SendRequest): string[] {
  if (body.recipient && body.recipients) throw new AppError('invalid_request', 'errors.recipientAndRecipients');
  const recipients = body.recipients ?? (body.recipient ? [body.recipient] : []);
  if (recipients.length === 0) throw new AppError('invalid_request', 'errors.recipientRequired');
  if (recipients.length > MAX_BROADCAST_RECIPIENTS)
    throw new AppError('invalid_request', 'errors.tooManyRecipients', { max: MAX_BROADCAST_RECIPIENTS });
  return recipients;
}

/** The public API's send as the portal's send form says it: one path for both (faxes/send-fax.ts). */
function asSendForm(body: SendRequest, recipient: string): z.output<typeof ZSendFaxRequest> {
  const cover = body.cover_page?.enabled === false ? undefined : body.cover_page;
  return {
    recipientNumber: recipient,
    faxQuality: body.quality,
    ...(cover?.notes ? { coverPageMessage: cover.notes } : {}),
    ...(cover?.subject ? { coverSubject: cover.subject } : {}),
    ...(body.recipient_name ? { recipientName: body.recipient_name } : {}),
    // Given empty: no check; absent: the address book's station id for the number (decision 121).
    ...(body.expected_station_id !== undefined ? { expectedStationId: body.expected_station_id } : {}),
    ...(body.send_time ? { scheduledAt: body.send_time } : {}),
    ...(body.from ? { fromNumber: body.from } : {}),
  };
}

/** A send's recipients, files and document address, as checked before the send service sees them. */
export function readV1Send(body: SendRequest, uploads: Upload[], trustedOrigins: readonly string[]) {
  const recipients = recipientsOf(body);
  if (body.file_url && body.files?.length) throw new AppError('invalid_request', 'errors.fileUrlAndFiles');
  // What can be refused now is (a literal private address, a scheme); the worker checks again after DNS, on every hop.
  const sourceUrl = body.file_url ? checkFileUrl(body.file_url, { trustedOrigins }) : null;
  return { recipients, uploads, sourceUrl };
}

/**
 * The send service's input for a /v1 send or quote, or an agent's (MCP): the portal's path (faxes/send-fax.ts) with
 * the caller's actor; the cover page in the person's language, else the request's.
 */
export function v1SendInput(input: {
  language: TLanguage;
  body: SendRequest;
  actor: Actor;
  recipients: string[];
  uploads: Upload[];
  sourceUrl: string | null;
  channel: 'api' | 'agent';
}): Omit<SendFaxesInput, 'idempotencyKey'> {
  const { actor } = input;
  return {
    actor,
    language: (actor.user.language as TLanguage | null | undefined) ?? input.language,
    request: asSendForm(input.body, input.recipients[0]!),
    recipients: input.recipients,
    uploads: input.uploads,
    sourceUrl: input.sourceUrl,
    channel: input.channel,
  };
}
