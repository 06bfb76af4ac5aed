import type { TMember } from '@faxline/shared';

/** Rows the signed-in person may change or remove: not the owner's, and not their own (the server refuses the owner's). */
export function isManageable(member: TMember, viewerId: string | undefined): boolean {
  return member.role !== 'owner' && member.userId !== viewerId;
}
