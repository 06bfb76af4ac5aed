import type { TMember } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import { isManageable, listedRoleOf, requestRoleOf } from './member-roles';

const member = (overrides: Partial<TMember>): TMember => ({
  userId: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  username: 'ada',
  role: 'user',
  twoFactorEnabled: false,
  createdAt: '2026-01-02T03:04:05.000Z',
  ...overrides,
});

describe('member roles', () => {
  it("maps the listed roles to the spec's role values, and none for the owner", () => {
    expect(['admin', 'user', 'billing', 'owner'].map((role) => requestRoleOf(role as TMember['role']))).toEqual([
      'Admin',
      'User',
      'Billing',
      null,
    ]);
  });

  it('maps them back', () => {
    expect((['Admin', 'User', 'Billing'] as const).map(listedRoleOf)).toEqual(['admin', 'user', 'billing']);
  });

  it('lets nobody change or remove the owner, nor themselves', () => {
    expect(isManageable(member({ role: 'owner' }), 'someone-else')).toBe(false);
    expect(isManageable(member({ userId: 'me' }), 'me')).toBe(false);
    expect(isManageable(member({ role: 'admin' }), 'me')).toBe(true);
  });
});
