import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../platform/http/app-error';

/**
 * The 10,000 most common passwords, from the frequency-ranked list that the zxcvbn-ts project publishes on npm (the
 * list comes with our dependencies; nothing is fetched at run time). Compared without regard to case.
 */
export const COMMON_PASSWORD_COUNT = 10_000;
const common = new Set(dictionary.passwords.slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

/** Refuses a common password wherever one is chosen (sign-up, a change, a reset). */
export function assertPasswordNotCommon(password: string): void {
  if (isCommonPassword(password)) throw new AppError('invalid_request', 'validation.passwordTooCommon');
}
