import { formatPhoneInternational, isE164, NUMBER_TYPES, type TAdminNumber, type TNumberType } from '@faxline/shared';

/** "+14155550100" as people read it, "+1 415 555 0100"; anything else as it is. */
export const displayNumber = (phoneNumber: string) => (isE164(phoneNumber) ? formatPhoneInternational(phoneNumber) : phoneNumber);

export const isNumberType = (value: string): value is TNumberType => (NUMBER_TYPES as readonly string[]).includes(value);

/** Any status other than available is listed as assigned (spec 001 §4). */
export const isAvailable = (number: Pick<TAdminNumber, 'status'>) => number.status === 'available';

/** Until when a released number may be taken by nobody (decision 112); null when it may be taken now. */
export const quarantinedUntil = (number: Pick<TAdminNumber, 'status' | 'quarantinedUntil'>, now = new Date()): string | null =>
  isAvailable(number) && number.quarantinedUntil && Date.parse(number.quarantinedUntil) > now.getTime() ? number.quarantinedUntil : null;

/** How much of an account id stands in for an owner whose e-mail cannot be read (spec 001 §8 'Warning'). */
export const ID_FRAGMENT_LENGTH = 8;

export type TOwnerLabel = { kind: 'email'; email: string; name: string } | { kind: 'fragment'; fragment: string } | { kind: 'none' };

/** Who a number is assigned to: the account owner's e-mail, else the start of the account id. */
export function ownerLabel(number: Pick<TAdminNumber, 'owner' | 'accountId'>): TOwnerLabel {
  if (number.owner) return { kind: 'email', email: number.owner.email, name: number.owner.name };
  if (number.accountId) return { kind: 'fragment', fragment: number.accountId.slice(0, ID_FRAGMENT_LENGTH) };
  return { kind: 'none' };
}

/** True when an assigned number's owner could not be read: the page then warns once (spec 001 §8). */
export const hasUnreadableOwner = (numbers: readonly TAdminNumber[]) => numbers.some((n) => !isAvailable(n) && !n.owner);

/** "US" -> "United States" in the page's language; the code itself when unknown. */
export function countryName(code: string | null, language: string): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames(language, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
