import type { TMember } from '@faxline/shared';

import type { TMemberRole } from './member-checks';

const REQUEST_ROLE_OF = { admin: 'Admin', user: 'User', billing: 'Billing' } as const satisfies Record<
  Exclude<TMember['role'], 'owner'>,
  TMemberRole
>;

/** The spec's role value (User, Admin, Billing) of a listed member; null for the owner, whose role never changes. */
export function requestRoleOf(role: TMember['role']): TMemberRole | null {
  return role === 'owner' ? null : REQUEST_ROLE_OF[role];
}

/** Rows the signed-in person may change or remove: not the owner's, and not their own (the server refuses the owner's). */
export function isManageable(member: TMember, viewerId: string | undefined): boolean {
  return member.role !== 'owner' && member.userId !== viewerId;
}

/** The role as the list names it, for a role value of the form (User -> user). */
export function listedRoleOf(role: TMemberRole): Exclude<TMember['role'], 'owner'> {
  return role === 'Admin' ? 'admin' : role === 'Billing' ? 'billing' : 'user';
}
