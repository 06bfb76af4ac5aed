import { describe, expect, it } from 'vitest';

import type { TFormProblem } from '@/lib/form-problem';
import { english } from '@/testing/english';

import { checkPasswordChange, checkProfile } from './profile-checks';

const toast = (problem: TFormProblem<string>) => `${english(problem.title)}: ${english(problem.description)}`;

describe('checkProfile (spec 001 §2.4)', () => {
  it('sends the name and no picture when the avatar URL is left empty', () => {
    expect(checkProfile({ name: ' Ada Lovelace ', image: '  ' })).toEqual({ ok: true, request: { name: 'Ada Lovelace', image: null } });
  });

  it('keeps a web address for the avatar', () => {
    expect(checkProfile({ name: 'Ada', image: 'https://example.com/ada.png' })).toEqual({
      ok: true,
      request: { name: 'Ada', image: 'https://example.com/ada.png' },
    });
  });

  it('needs a name', () => {
    const result = checkProfile({ name: '', image: '' });
    expect(!result.ok && result.problem.field).toBe('name');
    expect(!result.ok && toast(result.problem)).toBe('Profile Update Failed: This field is required.');
  });

  it("sends the chosen time zone, and null for the browser's own", () => {
    expect(checkProfile({ name: 'Ada', image: '', timeZone: 'Europe/Paris' })).toEqual({
      ok: true,
      request: { name: 'Ada', image: null, timeZone: 'Europe/Paris' },
    });
    expect(checkProfile({ name: 'Ada', image: '', timeZone: '' })).toEqual({
      ok: true,
      request: { name: 'Ada', image: null, timeZone: null },
    });
  });

  it('refuses a time zone Intl does not know', () => {
    const result = checkProfile({ name: 'Ada', image: '', timeZone: 'Mars/Olympus' });
    expect(!result.ok && result.problem.field).toBe('timeZone');
  });

  it('refuses an avatar that is not an http(s) address', () => {
    const result = checkProfile({ name: 'Ada', image: 'javascript:alert(1)' });
    expect(!result.ok && result.problem.field).toBe('image');
    expect(!result.ok && toast(result.problem)).toBe(
      'Profile Update Failed: Please enter a valid web address starting with http:// or https://.',
    );
  });
});

describe('checkPasswordChange (spec 001 §5 "Profile")', () => {
  const valid = { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' };

  it('refuses new passwords that do not match', () => {
    const result = checkPasswordChange({ ...valid, confirmPassword: 'other' });
    expect(!result.ok && toast(result.problem)).toBe('Passwords Do Not Match: Please ensure the new passwords match.');
  });

  it('refuses a new password under 8 characters', () => {
    const result = checkPasswordChange({ ...valid, newPassword: 'short', confirmPassword: 'short' });
    expect(!result.ok && toast(result.problem)).toBe('Password Too Short: Password must be at least 8 characters long.');
  });

  it('needs the current password', () => {
    const result = checkPasswordChange({ ...valid, currentPassword: '' });
    expect(!result.ok && result.problem.field).toBe('currentPassword');
    expect(!result.ok && toast(result.problem)).toBe('Password Update Failed: This field is required.');
  });

  it('sends current and new password only', () => {
    expect(checkPasswordChange(valid)).toEqual({ ok: true, request: { currentPassword: 'old-secret', newPassword: 'new-secret' } });
  });
});
