import { describe, expect, it } from 'vitest';
import { ASSIGNABLE_ROLES, assignableRoleOf, MEMBER_ROLES, roleMay, storedRoleOf } from './member-roles';

describe('member roles', () => {
  it('gives each role what spec 001 §6 gives it', () => {
    const table = Object.fromEntries(
      MEMBER_ROLES.map((role) => [
        role,
        (['useFaxes', 'seeAllFaxes', 'manageMembers', 'deleteAccount'] as const).filter((p) => roleMay(role, p)),
      ]),
    );
    expect(table).toEqual({
      owner: ['useFaxes', 'seeAllFaxes', 'manageMembers', 'deleteAccount'],
      admin: ['useFaxes', 'seeAllFaxes', 'manageMembers'],
      user: ['useFaxes'],
      billing: [],
    });
  });

  it('names the roles a member can be given both ways, and never the owner', () => {
    expect(ASSIGNABLE_ROLES.map(storedRoleOf)).toEqual(['user', 'admin', 'billing']);
    expect(MEMBER_ROLES.map(assignableRoleOf)).toEqual([null, 'Admin', 'User', 'Billing']);
  });
});
