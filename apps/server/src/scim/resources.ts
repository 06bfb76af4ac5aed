import type { TMemberRole } from '@faxline/shared';

// The SCIM resources as clients see them (RFC 7643 §4): a member of the account as a User, an identity provider's
// group as a Group, and the list answer of both.

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A member of the account, with what the identity provider calls them. */
export type PersonRow = {
  userId: string;
  name: string;
  email: string;
  role: TMemberRole;
  deactivatedAt: Date | null;
  joinedAt: Date;
  updatedAt: Date;
  scim: { userName: string; externalId: string | null; givenName: string | null; familyName: string | null; updatedAt: Date } | null;
  groups: Array<{ id: string; displayName: string }>;
};

export type GroupRow = {
  id: string;
  displayName: string;
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
  members: Array<{ userId: string; name: string }>;
};

const later = (a: Date, b: Date) => (a > b ? a : b);

export function toScimUser(person: PersonRow, base: string) {
  const { scim } = person;
  return {
    schemas: [USER_SCHEMA],
    id: person.userId,
    ...(scim?.externalId ? { externalId: scim.externalId } : {}),
    // A member the identity provider never named is known by their address, as the people it creates usually are.
    userName: scim?.userName ?? person.email,
    name: {
      formatted: person.name,
      ...(scim?.givenName ? { givenName: scim.givenName } : {}),
      ...(scim?.familyName ? { familyName: scim.familyName } : {}),
    },
    displayName: person.name,
    emails: [{ value: person.email, type: 'work', primary: true }],
    active: person.deactivatedAt === null,
    groups: person.groups.map((group) => ({
      value: group.id,
      display: group.displayName,
      $ref: `${base}/Groups/${group.id}`,
      type: 'direct',
    })),
    meta: {
      resourceType: 'User',
      created: person.joinedAt.toISOString(),
      lastModified: later(person.updatedAt, scim?.updatedAt ?? person.joinedAt).toISOString(),
      location: `${base}/Users/${person.userId}`,
    },
  };
}

export function toScimGroup(group: GroupRow, base: string) {
  return {
    schemas: [GROUP_SCHEMA],
    id: group.id,
    ...(group.externalId ? { externalId: group.externalId } : {}),
    displayName: group.displayName,
    members: group.members.map((member) => ({
      value: member.userId,
      display: member.name,
      $ref: `${base}/Users/${member.userId}`,
      type: 'User',
    })),
    meta: {
      resourceType: 'Group',
      created: group.createdAt.toISOString(),
      lastModified: group.updatedAt.toISOString(),
      location: `${base}/Groups/${group.id}`,
    },
  };
}

export type ScimUser = ReturnType<typeof toScimUser>;
export type ScimGroup = ReturnType<typeof toScimGroup>;

/** A page of a list (RFC 7644 §3.4.2): `startIndex` counts from 1. */
export function listResponse<T>(all: T[], startIndex: number, count: number) {
  const page = all.slice(startIndex - 1, startIndex - 1 + count);
  return { schemas: [LIST_SCHEMA], totalResults: all.length, startIndex, itemsPerPage: page.length, Resources: page };
}
