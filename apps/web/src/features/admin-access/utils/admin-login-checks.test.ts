import { describe, expect, it } from 'vitest';

import { english } from '@/testing/english';

import { adminLoginFailure, checkAdminLogin } from './admin-login-checks';

describe('checkAdminLogin', () => {
  it('sends only the password for a signed-in person (step-up)', () => {
    expect(checkAdminLogin({ email: 'ignored@example.com', password: 'secret' }, true)).toEqual({
      ok: true,
      request: { password: 'secret' },
    });
  });

  it('sends e-mail and password for a signed-out visitor', () => {
    expect(checkAdminLogin({ email: 'Admin@Example.com', password: 'secret' }, false)).toEqual({
      ok: true,
      request: { email: 'admin@example.com', password: 'secret' },
    });
  });

  it('requires the password (spec 001 §5)', () => {
    const result = checkAdminLogin({ email: '', password: '' }, true);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem.field).toBe('password');
    expect(english(result.problem.title)).toBe('Login Failed');
  });

  it('requires a valid e-mail address from a signed-out visitor', () => {
    const result = checkAdminLogin({ email: 'admin', password: 'secret' }, false);
    expect(!result.ok && result.problem.field).toBe('email');
  });
});

describe('adminLoginFailure', () => {
  it('reads a 401 as a wrong password, and a 403 as someone who is not an admin', () => {
    expect(adminLoginFailure({ status: 401, type: 'authentication_error', message: '…' })).toEqual({ kind: 'wrongPassword' });
    expect(adminLoginFailure({ status: 403, type: 'permission_denied', message: '…' })).toEqual({ kind: 'notAdmin' });
    expect(english('messages:errors.incorrectPassword')).toBe('Incorrect password. Please try again.');
    expect(english('messages:errors.invalidAdminCredentials')).toBe('Invalid admin credentials');
  });

  it("passes other refusals on with the server's message", () => {
    expect(adminLoginFailure({ status: 429, type: 'rate_limited', message: 'Too many requests.' })).toEqual({
      kind: 'server',
      message: 'Too many requests.',
    });
    expect(adminLoginFailure(null)).toEqual({ kind: 'unknown' });
  });
});
