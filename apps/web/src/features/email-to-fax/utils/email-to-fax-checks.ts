import {
  MAX_EMAIL_FAX_SENDERS,
  ZSaveEmailToFaxSettingsRequest,
  type TEmailAuthPolicy,
  type TEmailToFaxSettings,
  type TSaveEmailToFaxSettingsRequest,
} from '@faxline/shared';

import { addressesOf } from '@/lib/address-list';
import { validationKey, type TValidationKey } from '@/lib/validation';

/** What the form holds: the allowed addresses, the address being typed, the policy and the cover message choice. */
export type TEmailToFaxValues = {
  allowedSenders: string[];
  newSender: string;
  authPolicy: TEmailAuthPolicy;
  includeBody: boolean;
};

/** A problem stands under the allowed addresses (focus goes to the address input), or over the whole form (null). */
export type TEmailToFaxField = 'newSender';

export type TEmailToFaxProblemKey = 'messages:errors.tooManyEmailFaxSenders' | 'email-to-fax:senders.duplicate' | TValidationKey;

type TProblem = { ok: false; field: TEmailToFaxField; key: TEmailToFaxProblemKey };
export type TAddSendersCheck = { ok: true; allowedSenders: string[] } | TProblem;
export type TEmailToFaxCheck = { ok: true; request: TSaveEmailToFaxSettingsRequest } | TProblem;

const ZAllowedSenders = ZSaveEmailToFaxSettingsRequest.shape.allowedSenders;

/** The form's starting values: what the server has stored. */
export const valuesOf = (settings: TEmailToFaxSettings): TEmailToFaxValues => ({
  allowedSenders: settings.senders.map((sender) => sender.address),
  newSender: '',
  authPolicy: settings.authPolicy,
  includeBody: settings.includeBody,
});

const keyOf = (message: string | undefined): TEmailToFaxProblemKey =>
  message === 'errors.tooManyEmailFaxSenders' ? 'messages:errors.tooManyEmailFaxSenders' : validationKey(message);

/**
 * The list with the typed addresses added (lower-case, as the server stores them; each once), or why not: not an
 * address (the shared schema's check), all already listed, or more than the account may allow.
 */
export function addSenders(current: readonly string[], typed: string): TAddSendersCheck {
  const addresses = addressesOf(typed);
  if (addresses.length === 0) return { ok: false, field: 'newSender', key: 'messages:validation.required' };
  const parsed = ZAllowedSenders.safeParse(addresses);
  // Checked alone first, so that a bad address is named as such even in a full list.
  const badAddress = parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path.length > 0);
  if (badAddress) return { ok: false, field: 'newSender', key: keyOf(badAddress.message) };
  const fresh = (parsed.success ? parsed.data : addresses.map((address) => address.toLowerCase())).filter(
    (address, index, all) => !current.includes(address) && all.indexOf(address) === index,
  );
  if (fresh.length === 0) return { ok: false, field: 'newSender', key: 'email-to-fax:senders.duplicate' };
  const allowedSenders = [...current, ...fresh];
  if (allowedSenders.length > MAX_EMAIL_FAX_SENDERS)
    return { ok: false, field: 'newSender', key: 'messages:errors.tooManyEmailFaxSenders' };
  return { ok: true, allowedSenders };
}

/**
 * The request to save, checked as the server will check it. An address still in the input, not yet added, is added
 * first: a person who types it and selects Save means it.
 */
export function checkEmailToFax(values: TEmailToFaxValues): TEmailToFaxCheck {
  let { allowedSenders } = values;
  if (values.newSender.trim()) {
    const added = addSenders(allowedSenders, values.newSender);
    if (!added.ok) return added;
    allowedSenders = added.allowedSenders;
  }
  const request = { allowedSenders, authPolicy: values.authPolicy, includeBody: values.includeBody };
  const parsed = ZSaveEmailToFaxSettingsRequest.safeParse(request);
  if (parsed.success) return { ok: true, request };
  return { ok: false, field: 'newSender', key: keyOf(parsed.error.issues[0]?.message) };
}

/** The field a problem of the server at `path` (`body.allowedSenders.3`) belongs to; null for the rest of the form. */
export function fieldOfPath(path: string | undefined): TEmailToFaxField | null {
  const parts = (path ?? '').split('.');
  return (parts[0] === 'body' ? parts[1] : parts[0]) === 'allowedSenders' ? 'newSender' : null;
}
