import { describe, expect, it } from 'vitest';

import type { TFormProblem } from '@/lib/form-problem';
import { english } from '@/testing/english';

import { checkSignIn, checkSignUp } from './credential-checks';

const toast = (problem: TFormProblem<string>) => `${english(problem.title)}: ${english(problem.description)}`;

describe('checkSignIn (spec 000 §5)', () => {
  it.each([
    ['both empty', { identifier: '', password: '' }, 'identifier'],
    ['no e-mail', { identifier: '  ', password: 'secret1' }, 'identifier'],
    ['no password', { identifier: 'ada@example.com', password: '' }, 'password'],
  ])('asks for both fields: %s', (_, values, field) => {
    const result = checkSignIn(values);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(toast(result.problem)).toBe('Missing Credentials: Please enter both email and password.');
    expect(result.problem.field).toBe(field);
  });

  it('accepts an e-mail address or a username, trimmed', () => {
    expect(checkSignIn({ identifier: ' ada@example.com ', password: 'x' })).toEqual({
      ok: true,
      request: { identifier: 'ada@example.com', password: 'x' },
    });
    expect(checkSignIn({ identifier: 'ada.front-desk', password: 'secret1' })).toMatchObject({ ok: true });
  });

  it('leaves the password rules to the server: an old short password still signs in', () => {
    expect(checkSignIn({ identifier: 'ada@example.com', password: '123' })).toMatchObject({ ok: true });
  });

  it('refuses an identifier longer than any address, with a Sign In Failed toast', () => {
    const result = checkSignIn({ identifier: `${'a'.repeat(250)}@example.com`, password: 'secret1' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(english(result.problem.title)).toBe('Sign In Failed');
  });
});

describe('checkSignUp (spec 000 §5)', () => {
  const valid = { name: 'Ada Lovelace', email: 'Ada@Example.com', password: 'analytical', confirmPassword: 'analytical' };

  it('refuses passwords that differ', () => {
    const result = checkSignUp({ ...valid, confirmPassword: 'analytica' }, 'en');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(toast(result.problem)).toBe("Passwords Don't Match: Please ensure both passwords are the same.");
    expect(result.problem.field).toBe('confirmPassword');
  });

  it.each([
    ['name', { ...valid, name: ' ' }],
    ['email', { ...valid, email: '' }],
    ['password', { ...valid, password: '', confirmPassword: '' }],
  ])('asks for every field: %s missing', (field, values) => {
    const result = checkSignUp(values, 'en');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(toast(result.problem)).toBe('Missing Information: Please fill in all fields.');
    expect(result.problem.field).toBe(field);
  });

  it('checks the match before the missing fields, in the order of the spec', () => {
    const result = checkSignUp({ name: '', email: '', password: 'a', confirmPassword: 'b' }, 'en');
    expect(!result.ok && english(result.problem.title)).toBe("Passwords Don't Match");
  });

  it('refuses a password under 8 characters (the placeholder says so, the server enforces it)', () => {
    const result = checkSignUp({ ...valid, password: 'abc12', confirmPassword: 'abc12' }, 'en');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(toast(result.problem)).toBe('Password Too Short: Password must be at least 8 characters long.');
    expect(result.problem.field).toBe('password');
  });

  it('refuses an address that is not one', () => {
    const result = checkSignUp({ ...valid, email: 'ada-at-example.com' }, 'en');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(toast(result.problem)).toBe('Sign Up Failed: Please enter a valid e-mail address.');
    expect(result.problem.field).toBe('email');
  });

  it('sends name, normalised address, password and the page language, never the confirmation', () => {
    expect(checkSignUp(valid, 'fr')).toEqual({
      ok: true,
      request: { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical', language: 'fr' },
    });
  });
});
