import {
  hasNothingToSend,
  MAX_SCHEDULE_DAYS,
  splitNumberList,
  toE164,
  ZSendFaxRequest,
  type TFaxQuality,
  type TSendFaxRequest,
} from '@faxline/shared';

import { checkSchedule } from './schedule';
import { sendRequestOf } from './send-form-data';

export type TSendField = 'recipient' | 'recipientName' | 'expectedStationId' | 'attachments' | 'coverSubject' | 'coverMessage' | 'schedule';

/**
 * Why the form was not sent: the field to fix and the toast, as faxes-namespace keys with their values; a problem the
 * server would answer too has the server's text, from the shared `messages` namespace.
 */
export type TSendProblem = {
  field: TSendField | null;
  title:
    'send.errors.authTitle' | 'send.errors.recipientTitle' | 'send.errors.nothingTitle' | 'send.errors.scheduleTitle' | 'send.failedTitle';
  description:
    | 'send.errors.authDescription'
    | 'messages:errors.invalidRecipient'
    | 'send.errors.severalNumbers'
    | 'messages:errors.nothingToSend'
    | 'send.errors.scheduleInvalid'
    | 'messages:errors.scheduleInPast'
    | 'messages:errors.scheduleTooFar'
    | 'messages:validation.forbiddenCharacters'
    | 'messages:errors.coverMessageTooLong'
    | 'messages:errors.coverSubjectTooLong'
    | 'messages:errors.recipientNameTooLong'
    | 'messages:errors.stationIdTooLong'
    | 'messages:errors.invalidStationId';
  values?: Record<string, string | number>;
};

/** The keys a send problem's toast uses, and the namespaces they live in (for useFormProblem). */
export type TSendProblemKey = TSendProblem['title'] | TSendProblem['description'];
export const SEND_PROBLEM_NAMESPACES = ['faxes', 'messages'] as const;

export type TSendValues = {
  signedIn: boolean;
  /** As typed and formatted ("+1 555 123 4567"). */
  recipient: string;
  recipientName: string;
  faxQuality: TFaxQuality;
  /** One of the account's numbers, '' for the first one. */
  fromNumber: string;
  fileCount: number;
  coverSubject: string;
  coverMessage: string;
  /** The schedule picker's value ("2026-03-14T09:30" on the clock of `timeZone`), '' to send now. */
  schedule: string;
  /** The station id the recipient's machine should announce ('' for no check); left out by forms without the field. */
  expectedStationId?: string;
};

export type TSendCheck = { ok: false; problem: TSendProblem } | { ok: true; request: TSendFaxRequest; coverOnly: boolean };

/** The form field of each field of the shared request, for the problems the schema finds. */
const FIELD_OF_REQUEST: Partial<Record<PropertyKey, TSendField>> = {
  recipientNumber: 'recipient',
  recipientName: 'recipientName',
  expectedStationId: 'expectedStationId',
  coverSubject: 'coverSubject',
  coverPageMessage: 'coverMessage',
  scheduledAt: 'schedule',
};

/** The shared schema's message for each text over its length, as a key of the `messages` namespace. */
const TOO_LONG: Record<string, TSendProblem['description']> = {
  'errors.coverMessageTooLong': 'messages:errors.coverMessageTooLong',
  'errors.coverSubjectTooLong': 'messages:errors.coverSubjectTooLong',
  'errors.recipientNameTooLong': 'messages:errors.recipientNameTooLong',
  'errors.stationIdTooLong': 'messages:errors.stationIdTooLong',
};

/**
 * Spec 001 §5 "Send fax", in its order: signed in ('Authentication Error'), a recipient in E.164 ('Invalid Recipient
 * Number'), a file or a cover message ('Nothing to Send'); then the optional send time, and the rest of the shared
 * request schema that the server applies (texts without control characters, within their lengths). A cover message
 * without files passes with `coverOnly`, for the informational 'Cover Page Only' notice. The number is sent as E.164
 * whatever spacing or punctuation it was typed with.
 */
export function checkSendFax(values: TSendValues, now: Date, timeZone: string): TSendCheck {
  if (!values.signedIn) return fail(null, 'send.errors.authTitle', 'send.errors.authDescription');
  const schedule = checkSchedule(values.schedule, now, timeZone);
  const request = sendRequestOf({
    // A number libphonenumber cannot read is refused as the schema refuses a number that is not E.164.
    recipientNumber: toE164(values.recipient) ?? '',
    faxQuality: values.faxQuality,
    coverPageMessage: values.coverMessage,
    coverSubject: values.coverSubject,
    recipientName: values.recipientName,
    scheduledAt: schedule.ok ? schedule.scheduledAt : undefined,
    fromNumber: values.fromNumber,
    ...(values.expectedStationId !== undefined ? { expectedStationId: values.expectedStationId } : {}),
  });
  const parsed = ZSendFaxRequest.safeParse(request);
  const issues = parsed.success ? [] : parsed.error.issues;

  // A list ("+15550100000, +15550100005") is a broadcast: never the first number alone (decision 111).
  const listed = splitNumberList(values.recipient).length;
  if (listed > 1) return fail('recipient', 'send.errors.recipientTitle', 'send.errors.severalNumbers', { count: listed });
  if (issues.some((issue) => issue.path[0] === 'recipientNumber'))
    return fail('recipient', 'send.errors.recipientTitle', 'messages:errors.invalidRecipient');
  if (hasNothingToSend({ coverMessage: values.coverMessage, attachmentCount: values.fileCount }))
    return fail('attachments', 'send.errors.nothingTitle', 'messages:errors.nothingToSend');
  if (!schedule.ok) {
    const description =
      schedule.problem === 'past'
        ? 'messages:errors.scheduleInPast'
        : schedule.problem === 'tooFar'
          ? 'messages:errors.scheduleTooFar'
          : 'send.errors.scheduleInvalid';
    return fail('schedule', 'send.errors.scheduleTitle', description, { days: MAX_SCHEDULE_DAYS });
  }
  const issue = issues[0];
  if (issue) {
    const field = FIELD_OF_REQUEST[issue.path[0] ?? ''] ?? null;
    // The texts' maxLength keeps them short enough; a text that is longer all the same is told its limit.
    if (issue.code === 'too_big') return fail(field, 'send.failedTitle', TOO_LONG[issue.message]!, { max: Number(issue.maximum) });
    if (issue.message === 'errors.invalidStationId') return fail(field, 'send.failedTitle', 'messages:errors.invalidStationId');
    return fail(field, 'send.failedTitle', 'messages:validation.forbiddenCharacters');
  }
  return { ok: true, request, coverOnly: values.fileCount === 0 };
}

function fail(
  field: TSendField | null,
  title: TSendProblem['title'],
  description: TSendProblem['description'],
  values?: TSendProblem['values'],
): TSendCheck {
  return { ok: false, problem: { field, title, description, ...(values ? { values } : {}) } };
}
