import { assignableRoleOf, storedRoleOf, type TGivenRole, type TMember } from '@faxline/shared';

import type { TMemberRole } from './member-checks';

/** The spec's role value (User, Admin, Billing) of a listed member; null for the owner, whose role never changes. */
export const requestRoleOf = (role: TMember['role']): TMemberRole | null => assignableRoleOf(role);

/** Rows the signed-in person may change or remove: not the owner's, and not their own (the server refuses the owner's). */
export function isManageable(member: TMember, viewerId: string | undefined): boolean {
  return member.role !== 'owner' && member.userId !== viewerId;
}

/** The role as the list names it, for a role value of the form (User -> user). */
export const listedRoleOf = (role: TMemberRole): TGivenRole => storedRoleOf(role);
