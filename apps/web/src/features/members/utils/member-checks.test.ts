import { describe, expect, it } from 'vitest';

import enMembers from '@/locales/en/members.json';
import { english } from '@/testing/english';

import { checkAddMember, EMPTY_MEMBER_VALUES, type TMemberProblem, type TMemberValues } from './member-checks';

/** The toast as a person reads it, in English. */
function toast(problem: TMemberProblem): string {
  const members = (key: string) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], enMembers) as string;
  const text = (key: string) => (key.includes(':') ? english(key) : members(key));
  return `${text(problem.title)}: ${text(problem.description)}`;
}

const valid: TMemberValues = {
  ...EMPTY_MEMBER_VALUES,
  name: ' Grace Hopper ',
  username: 'grace.h',
  email: ' grace@example.com ',
  password: 'Cobol-1959!',
  confirmPassword: 'Cobol-1959!',
};

describe('checkAddMember (spec 001 §5 "Sub-user creation")', () => {
  it('needs every field, and points at the first one left empty', () => {
    const result = checkAddMember({ ...valid, username: '  ', confirmPassword: '' });
    expect(!result.ok && result.problem.field).toBe('username');
    expect(!result.ok && toast(result.problem)).toBe('Missing Information: Please fill in all required fields.');
  });

  it("refuses passwords that do not match with the spec's words", () => {
    const result = checkAddMember({ ...valid, confirmPassword: 'Cobol-1960!' });
    expect(!result.ok && result.problem.field).toBe('confirmPassword');
    expect(!result.ok && toast(result.problem)).toBe('Password Mismatch: The passwords do not match.');
  });

  it('refuses a password under 8 characters', () => {
    const result = checkAddMember({ ...valid, password: 'abc12', confirmPassword: 'abc12' });
    expect(!result.ok && result.problem.field).toBe('password');
    expect(!result.ok && toast(result.problem)).toBe('Password Too Short: Password must be at least 8 characters long.');
  });

  it('mirrors the shared schema for the username and the e-mail address', () => {
    const username = checkAddMember({ ...valid, username: 'grace hopper' });
    expect(!username.ok && username.problem.field).toBe('username');
    expect(!username.ok && toast(username.problem)).toBe(
      'Failed to Add User: A username has 3 to 40 letters, digits, dots, dashes or underscores.',
    );
    const email = checkAddMember({ ...valid, email: 'grace@' });
    expect(!email.ok && email.problem.field).toBe('email');
    expect(!email.ok && toast(email.problem)).toBe('Failed to Add User: Please enter a valid e-mail address.');
  });

  it('sends the trimmed values, the role (User by default) and the two-factor choice, without the confirmation', () => {
    expect(checkAddMember(valid)).toEqual({
      ok: true,
      request: {
        name: 'Grace Hopper',
        username: 'grace.h',
        email: 'grace@example.com',
        password: 'Cobol-1959!',
        role: 'User',
        enable2fa: false,
      },
    });
    const admin = checkAddMember({ ...valid, role: 'Admin', enable2fa: true });
    expect(admin.ok && [admin.request.role, admin.request.enable2fa]).toEqual(['Admin', true]);
  });
});
