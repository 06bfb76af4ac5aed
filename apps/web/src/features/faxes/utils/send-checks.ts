import { hasNothingToSend, isE164, MAX_SCHEDULE_DAYS, toE164 } from '@faxline/shared';

import { checkSchedule } from './schedule';

export type TSendField = 'recipient' | 'attachments' | 'coverMessage' | 'schedule';

/**
 * Why the form was not sent: the field to fix and the toast, as faxes-namespace keys with their values; a problem the
 * server would answer too has the server's text, from the shared `messages` namespace.
 */
export type TSendProblem = {
  field: TSendField | null;
  title: 'send.errors.authTitle' | 'send.errors.recipientTitle' | 'send.errors.nothingTitle' | 'send.errors.scheduleTitle';
  description:
    | 'send.errors.authDescription'
    | 'messages:errors.invalidRecipient'
    | 'messages:errors.nothingToSend'
    | 'send.errors.scheduleInvalid'
    | 'messages:errors.scheduleInPast'
    | 'messages:errors.scheduleTooFar';
  values?: Record<string, string | number>;
};

export type TSendValues = {
  signedIn: boolean;
  /** As typed and formatted ("+1 555 123 4567"). */
  recipient: string;
  fileCount: number;
  coverMessage: string;
  /** The datetime-local value, '' to send now. */
  schedule: string;
};

export type TSendCheck =
  { ok: false; problem: TSendProblem } | { ok: true; recipientNumber: string; scheduledAt: string | undefined; coverOnly: boolean };

/**
 * Spec 001 §5 "Send fax", in its order: signed in ('Authentication Error'), a recipient in E.164 ('Invalid Recipient
 * Number'), a file or a cover message ('Nothing to Send'); then the optional send time. A cover message without files
 * passes with `coverOnly`, for the informational 'Cover Page Only' notice. The number is sent as E.164 whatever
 * spacing or punctuation it was typed with.
 */
export function checkSendFax(values: TSendValues, now: Date): TSendCheck {
  if (!values.signedIn) return fail(null, 'send.errors.authTitle', 'send.errors.authDescription');
  const recipientNumber = toE164(values.recipient);
  if (!recipientNumber || !isE164(recipientNumber))
    return fail('recipient', 'send.errors.recipientTitle', 'messages:errors.invalidRecipient');
  if (hasNothingToSend({ coverMessage: values.coverMessage, attachmentCount: values.fileCount }))
    return fail('attachments', 'send.errors.nothingTitle', 'messages:errors.nothingToSend');
  const schedule = checkSchedule(values.schedule, now);
  if (!schedule.ok) {
    const description =
      schedule.problem === 'past'
        ? 'messages:errors.scheduleInPast'
        : schedule.problem === 'tooFar'
          ? 'messages:errors.scheduleTooFar'
          : 'send.errors.scheduleInvalid';
    return fail('schedule', 'send.errors.scheduleTitle', description, { days: MAX_SCHEDULE_DAYS });
  }
  return { ok: true, recipientNumber, scheduledAt: schedule.scheduledAt, coverOnly: values.fileCount === 0 };
}

function fail(
  field: TSendField | null,
  title: TSendProblem['title'],
  description: TSendProblem['description'],
  values?: TSendProblem['values'],
): TSendCheck {
  return { ok: false, problem: { field, title, description, ...(values ? { values } : {}) } };
}
