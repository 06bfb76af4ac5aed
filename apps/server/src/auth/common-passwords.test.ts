import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords';
import { dictionary } from '@zxcvbn-ts/language-common';

describe('common passwords', () => {
  it('refuses the most common ones, whatever their case', () => {
    for (const password of ['123456', 'password', 'qwerty', 'Dragon', 'iloveyou', 'PASSWORD1'])
      expect(isCommonPassword(password)).toBe(true);
  });

  it('covers the first 10,000 of the ranked list and no more', () => {
    expect(isCommonPassword(dictionary.passwords[COMMON_PASSWORD_COUNT - 1]!)).toBe(true);
    const beyond = dictionary.passwords
      .slice(COMMON_PASSWORD_COUNT)
      .find((p) => !dictionary.passwords.slice(0, COMMON_PASSWORD_COUNT).some((q) => q.toLowerCase() === p.toLowerCase()));
    expect(isCommonPassword(beyond!)).toBe(false);
  });

  it("accepts a password of one's own", () => {
    expect(isCommonPassword('Fax-line-7-otters')).toBe(false);
  });
});
