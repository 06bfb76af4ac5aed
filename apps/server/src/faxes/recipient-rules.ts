import { recipientPrefixesOf } from '@faxline/shared';
import { parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js/max';
import { AppError } from '../platform/http/app-error';

/**
 * Emergency and police/fire/ambulance service numbers as dialled after a country code (+1 911, +44 999, +33 112,
 * +49 110, +34 091...). A fax line must never dial one: a fax machine answering nothing would tie up an emergency
 * line. Numbers this short are never fax numbers anyway; these get their own message.
 */
const EMERGENCY_NUMBERS = new Set([
  '000', '061', '062', '080', '085', '091', '092', '100', '101', '102', '103', '108', '110', '112', '113', '115', '117',
  '118', '119', '122', '15', '17', '18', '190', '191', '192', '193', '197', '199', '911', '999',
]); // prettier-ignore

/**
 * Who may be dialled (docs/decisions/025): the numbering plans (libphonenumber's full metadata) say which numbers are
 * premium rate, shared cost, pagers or voicemail, and which are too short to be a subscriber number (short codes,
 * emergency numbers); the platform's own list adds ranges the plans do not mark. Numbers the plans do not know at all
 * (a new range, the sandbox's test numbers) pass: a real call tells.
 */
export function assertRecipientAllowed(number: string, blockedPrefixes: string): void {
  if (validatePhoneNumberLength(number) === 'TOO_SHORT') {
    const national = parsePhoneNumberFromString(number)?.nationalNumber ?? number.replace(/^\+\d/, '');
    if (EMERGENCY_NUMBERS.has(national)) throw new AppError('invalid_request', 'errors.recipientEmergency', { number });
    throw new AppError('invalid_request', 'errors.recipientShortCode', { number });
  }
  switch (parsePhoneNumberFromString(number)?.getType()) {
    case 'PREMIUM_RATE':
    case 'SHARED_COST':
      throw new AppError('invalid_request', 'errors.recipientPremiumRate', { number });
    case 'PAGER':
    case 'VOICEMAIL':
      throw new AppError('invalid_request', 'errors.recipientNotFax', { number });
    default:
  }
  const blocked = recipientPrefixesOf(blockedPrefixes).find((prefix) => number.startsWith(prefix));
  if (blocked) throw new AppError('invalid_request', 'errors.recipientBlocked', { number, prefix: blocked });
}
