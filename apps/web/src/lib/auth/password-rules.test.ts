import { describe, expect, it } from 'vitest';

import { english } from '@/testing/english';

import { checkNewPassword } from './password-rules';

const texts = (problem: ReturnType<typeof checkNewPassword>) => problem && [english(problem.title), english(problem.description)];

describe('checkNewPassword (spec 001 §5 "Profile")', () => {
  it('refuses passwords that do not match', () => {
    const problem = checkNewPassword('secret1', 'secret2');
    expect(problem?.field).toBe('confirmPassword');
    expect(texts(problem)).toEqual(['Passwords Do Not Match', 'Please ensure the new passwords match.']);
  });

  it('refuses a password under 8 characters', () => {
    const problem = checkNewPassword('abc1234', 'abc1234');
    expect(problem?.field).toBe('newPassword');
    expect(texts(problem)).toEqual(['Password Too Short', 'Password must be at least 8 characters long.']);
  });

  it('checks the match first, as the spec lists it', () => {
    expect(checkNewPassword('abc', 'abd')?.title).toBe('auth:password.mismatchTitle');
  });

  it('accepts 8 characters or more', () => {
    expect(checkNewPassword('abc12345', 'abc12345')).toBeNull();
  });
});
