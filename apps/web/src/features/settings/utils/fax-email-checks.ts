import { ZSaveFaxEmailSettingsRequest, type TFaxEmailSettings, type TSaveFaxEmailSettingsRequest } from '@faxline/shared';

import { addressesOf } from '@/lib/address-list';
import { validationKey, type TValidationKey } from '@/lib/validation';

/** What the form holds: the choice, and each number's addresses as typed. */
export type TFaxEmailValues = { documentsInEmail: boolean; numbers: Array<{ phoneNumber: string; recipients: string }> };

/** The field a problem stands under: a number's addresses (by position), or none (a refusal about the whole form). */
export type TFaxEmailField = `recipients.${number}`;

export type TFaxEmailProblemKey = 'messages:errors.tooManyEmailRecipients' | TValidationKey;

export type TFaxEmailCheck =
  { ok: true; request: TSaveFaxEmailSettingsRequest } | { ok: false; field: TFaxEmailField | null; key: TFaxEmailProblemKey };

/** The form's starting values: what the server has stored, each number's addresses as one line. */
export const valuesOf = (settings: TFaxEmailSettings): TFaxEmailValues => ({
  documentsInEmail: settings.documentsInEmail,
  numbers: settings.numbers.map(({ phoneNumber, emailRecipients }) => ({ phoneNumber, recipients: emailRecipients.join(', ') })),
});

/** The number a problem's path names (`numbers.2.emailRecipients.0`; the server's start with `body.`), or null. */
export function fieldOfPath(path: readonly PropertyKey[]): TFaxEmailField | null {
  const [head, index, field] = path[0] === 'body' ? path.slice(1) : path;
  const at = Number(index);
  return head === 'numbers' && field === 'emailRecipients' && Number.isInteger(at) ? `recipients.${at}` : null;
}

/** The shared schema's checks, run before sending; a problem names its number and its message's key. */
export function checkFaxEmail(values: TFaxEmailValues): TFaxEmailCheck {
  const request = {
    documentsInEmail: values.documentsInEmail,
    numbers: values.numbers.map(({ phoneNumber, recipients }) => ({ phoneNumber, emailRecipients: addressesOf(recipients) })),
  };
  const parsed = ZSaveFaxEmailSettingsRequest.safeParse(request);
  if (parsed.success) return { ok: true, request };
  const issue = parsed.error.issues[0];
  const key = issue?.message === 'errors.tooManyEmailRecipients' ? 'messages:errors.tooManyEmailRecipients' : validationKey(issue?.message);
  return { ok: false, field: fieldOfPath(issue?.path ?? []), key };
}
