import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Passwords known to attackers: the whole frequency-ranked list that the zxcvbn-ts project publishes on npm
 * (@zxcvbn-ts/language-common 3.0.4, 49,233 passwords drawn from leaked password sets; nothing is fetched at run
 * time). The whole list, not its first 10,000: with 8 characters the least, only about 3,500 of those would still be
 * choosable, against about 18,000 of the whole list (decision 109). Compared without regard to case.
 */
export const COMMON_PASSWORD_COUNT = dictionary.passwords.length;
const common = new Set(dictionary.passwords.map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}
