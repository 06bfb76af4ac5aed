import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords';
import { dictionary } from '@zxcvbn-ts/language-common';

describe('common passwords', () => {
  it('refuses the most common ones, whatever their case', () => {
    for (const password of ['123456', 'password', 'qwerty', 'Dragon', 'iloveyou', 'PASSWORD1'])
      expect(isCommonPassword(password)).toBe(true);
  });

  it('covers the whole ranked list, its rarest entries of 8 characters or more included', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThan(40_000);
    const rareLong = dictionary.passwords.slice(-5000).filter((p) => p.length >= 8);
    expect(rareLong.length).toBeGreaterThan(100);
    for (const password of rareLong) expect(isCommonPassword(password)).toBe(true);
  });

  it("accepts a password of one's own", () => {
    expect(isCommonPassword('Fax-line-7-otters')).toBe(false);
  });
});
