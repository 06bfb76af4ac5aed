import type { TMember } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import { isManageable } from './member-roles';

const member = (overrides: Partial<TMember>): TMember => ({
  userId: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  username: 'ada',
  role: 'user',
  twoFactorEnabled: false,
  active: true,
  createdAt: '2026-01-02T03:04:05.000Z',
  ...overrides,
});

describe('member roles', () => {
  // The mapping between listed and form roles is the shared package's (packages/shared member-roles.test.ts).
  it('lets nobody change or remove the owner, nor themselves', () => {
    expect(isManageable(member({ role: 'owner' }), 'someone-else')).toBe(false);
    expect(isManageable(member({ userId: 'me' }), 'me')).toBe(false);
    expect(isManageable(member({ role: 'admin' }), 'me')).toBe(true);
  });
});
