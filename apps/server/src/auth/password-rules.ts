import { PASSWORD_MIN_LENGTH } from '@faxline/shared';
import { AppError } from '../platform/http/app-error';
import { isCommonPassword } from './common-passwords';

/**
 * The rules every password set must meet (decision 109): the platform's minimum, the person's account's minimum when
 * longer, and none of the passwords known from leaks. `minLength` is the account's (accounts/security-policy.ts).
 */
export function passwordMeetsRules(password: string, minLength: number = PASSWORD_MIN_LENGTH): boolean {
  return password.length >= Math.max(minLength, PASSWORD_MIN_LENGTH) && !isCommonPassword(password);
}

/** Refuses a password the rules do not allow, with the rule it breaks in the caller's language. */
export function assertPasswordAllowed(password: string, minLength: number = PASSWORD_MIN_LENGTH, field?: string): void {
  const min = Math.max(minLength, PASSWORD_MIN_LENGTH);
  if (password.length < min) {
    throw min > PASSWORD_MIN_LENGTH
      ? new AppError('invalid_request', 'validation.passwordBelowAccountPolicy', { min }, field)
      : new AppError('invalid_request', 'validation.passwordTooShort', {}, field);
  }
  if (isCommonPassword(password)) throw new AppError('invalid_request', 'validation.passwordTooCommon', {}, field);
}
