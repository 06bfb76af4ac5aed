import { ZCreateScimTokenResponse, ZMembersResponse, ZScimSettingsResponse } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { PASSWORD, unique, uniqueEmail } from '@test-support/factories/values';
import { accountMembers } from '../../src/accounts/schema';
import { auditEvents } from '../../src/audit/schema';
import { setPassword } from '../../src/auth/people';
import { inboxIdsOf } from '../../src/inboxes/inboxes';
import { API_PLAN, callV1, createApiKey } from '../support/api-keys';
import { PATCH_OP, SCIM_GROUP, SCIM_USER, scim } from '../support/scim';
import { callApi, errorOf, openTestApp, signIn, signInFrom, someClientAddress, type TestApp } from '../support/test-app';

let t: TestApp;
let owner: { id: string; email: string; cookie: string };
let accountId: string;
let token: string;
let tokenPrefix: string;

const roleOf = async (userId: string) =>
  (await t.db.select({ role: accountMembers.role }).from(accountMembers).where(eq(accountMembers.userId, userId)))[0]?.role;

async function newToken(cookie: string, name = 'Okta') {
  const response = await callApi(t.app, 'POST', '/api/account/scim/tokens', { cookie, payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return ZCreateScimTokenResponse.parse(response.json());
}

beforeAll(async () => {
  t = await openTestApp();
  // A plan with the API and several people, so that a provisioned person can make a key.
  const account = await createAccount(t, { plan: API_PLAN });
  accountId = account.id;
  owner = { id: account.owner.id, email: account.owner.email, cookie: await signIn(t.app, account.owner.email) };
  const created = await newToken(owner.cookie);
  token = created.secret;
  tokenPrefix = created.token.prefix;
  expect(token.startsWith(tokenPrefix)).toBe(true);
});

afterAll(async () => {
  await t?.close();
});

describe('the SCIM token', () => {
  it('is made, listed without its secret, and refused once revoked; only the owner manages it', async () => {
    const spare = await newToken(owner.cookie, 'Spare');
    expect((await scim(t, spare.secret, 'GET', '/ServiceProviderConfig')).status).toBe(200);
    const settings = ZScimSettingsResponse.parse((await callApi(t.app, 'GET', '/api/account/scim', { cookie: owner.cookie })).json());
    expect(settings.baseUrl).toBe(`${t.config.publicUrl}/scim/v2`);
    const listed = settings.tokens.find((row) => row.id === spare.token.id)!;
    expect(listed.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(settings)).not.toContain(spare.secret);
    expect((await callApi(t.app, 'DELETE', `/api/account/scim/tokens/${spare.token.id}`, { cookie: owner.cookie })).statusCode).toBe(200);
    const refused = await scim(t, spare.secret, 'GET', '/Users');
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="scim"');

    expect((await scim(t, null, 'GET', '/Users')).status).toBe(401);
    expect((await scim(t, 'fl_scim_not-a-token', 'GET', '/Users')).status).toBe(401);

    // A sub-admin manages members, but not the identity provider's token.
    const other = await createAccount(t, { members: [{ role: 'admin' }] });
    const adminCookie = await signIn(t.app, other.members[0]!.email);
    const denied = await callApi(t.app, 'POST', '/api/account/scim/tokens', { cookie: adminCookie, payload: { name: 'Entra' } });
    expect(denied.statusCode).toBe(403);
  });
});

describe('discovery', () => {
  it('says what it serves: ServiceProviderConfig, ResourceTypes, Schemas', async () => {
    const config = await scim(t, token, 'GET', '/ServiceProviderConfig');
    expect(config.body.patch).toEqual({ supported: true });
    expect((config.body.filter as { supported: boolean }).supported).toBe(true);
    const types = await scim(t, token, 'GET', '/ResourceTypes');
    expect((types.body.Resources as Array<{ id: string }>).map((type) => type.id)).toEqual(['User', 'Group']);
    expect((await scim(t, token, 'GET', '/ResourceTypes/User')).body.endpoint).toBe('/Users');
    const schemas = await scim(t, token, 'GET', '/Schemas');
    expect((schemas.body.Resources as Array<{ id: string }>).map((schema) => schema.id)).toEqual([SCIM_USER, SCIM_GROUP]);
    expect((await scim(t, token, 'GET', `/Schemas/${SCIM_USER}`)).status).toBe(200);
    expect((await scim(t, token, 'GET', '/Nothing')).status).toBe(404);
  });
});

describe("Okta's request sequence", () => {
  it('finds no one, creates the user, reads them, updates them, deactivates them, and pushes a group', async () => {
    const email = uniqueEmail();
    const missing = await scim(t, token, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}&startIndex=1&count=100`);
    expect(missing.body.totalResults).toBe(0);

    const created = await scim(t, token, 'POST', '/Users', {
      schemas: [SCIM_USER],
      userName: email,
      name: { givenName: 'Grace', familyName: 'Hopper' },
      emails: [{ primary: true, value: email, type: 'work' }],
      displayName: 'Grace Hopper',
      locale: 'en-US',
      externalId: '00u1okta',
      groups: [],
      password: 'ignored-by-faxline',
      active: true,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.headers.location).toBe(`${t.config.publicUrl}/scim/v2/Users/${id}`);
    expect(created.body).toMatchObject({ userName: email, active: true, displayName: 'Grace Hopper', externalId: '00u1okta' });
    expect(await roleOf(id)).toBe('user');

    const found = await scim(
      t,
      token,
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${email.toUpperCase()}"`)}&startIndex=1&count=100`,
    );
    expect(found.body.totalResults).toBe(1);
    expect((found.body.Resources as Array<{ id: string }>)[0]!.id).toBe(id);

    const duplicate = await scim(t, token, 'POST', '/Users', { schemas: [SCIM_USER], userName: email.toUpperCase() });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.scimType).toBe('uniqueness');

    expect((await scim(t, token, 'GET', `/Users/${id}`)).body.userName).toBe(email);

    const updated = await scim(t, token, 'PUT', `/Users/${id}`, {
      schemas: [SCIM_USER],
      id,
      userName: email,
      name: { givenName: 'Grace B.', familyName: 'Hopper' },
      emails: [{ primary: true, value: email, type: 'work' }],
      active: true,
    });
    expect(updated.body.displayName).toBe('Grace B. Hopper');

    const group = await scim(t, token, 'POST', '/Groups', { schemas: [SCIM_GROUP], displayName: `Okta ${unique()}`, members: [] });
    expect(group.status).toBe(201);
    const groupId = group.body.id as string;
    const added = await scim(t, token, 'PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'members', value: [{ value: id, display: email }] }],
    });
    expect(added.body.members).toEqual([expect.objectContaining({ value: id })]);
    const byName = await scim(
      t,
      token,
      'GET',
      `/Groups?filter=${encodeURIComponent(`displayName eq "${String(group.body.displayName)}"`)}&excludedAttributes=members`,
    );
    expect(byName.body.totalResults).toBe(1);
    expect((byName.body.Resources as Array<Record<string, unknown>>)[0]).not.toHaveProperty('members');
    expect(((await scim(t, token, 'GET', `/Users/${id}`)).body.groups as Array<{ value: string }>)[0]!.value).toBe(groupId);
    const removed = await scim(t, token, 'PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: `members[value eq "${id}"]` }],
    });
    expect(removed.body.members ?? []).toEqual([]);

    const deactivated = await scim(t, token, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(deactivated.body.active).toBe(false);
    // Kept as a member, marked inactive.
    expect(await roleOf(id)).toBe('user');
  });
});

describe("Microsoft Entra's request sequence", () => {
  it("creates with the enterprise extension, PATCHes in Entra's shapes, filters by address and externalId, and deletes", async () => {
    const probe = await scim(t, token, 'GET', `/Users?filter=${encodeURIComponent('userName eq "4fbdb8b8-d1c6-4d3c-b5f4-1f2d3e4a5b6c"')}`);
    expect(probe.body.totalResults).toBe(0);
    const email = uniqueEmail();
    const created = await scim(t, token, 'POST', '/Users', {
      schemas: [SCIM_USER, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
      externalId: 'entra-object-1',
      userName: email,
      active: true,
      displayName: 'Alan Turing',
      emails: [{ primary: true, type: 'work', value: email }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Alan Turing', familyName: 'Turing', givenName: 'Alan' },
      roles: [],
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Radiology' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    const patched = await scim(t, token, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'displayName', value: 'Alan M. Turing' },
        { op: 'Replace', path: 'name.givenName', value: 'Alan M.' },
        { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'Cardiology' },
        { op: 'Replace', value: { 'name.familyName': 'Turing', externalId: 'entra-object-1' } },
      ],
    });
    expect(patched.body).toMatchObject({ displayName: 'Alan M. Turing', name: { givenName: 'Alan M.', familyName: 'Turing' } });

    const newEmail = uniqueEmail();
    const moved = await scim(t, token, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'emails[type eq "work"].value', value: newEmail }],
    });
    expect((moved.body.emails as Array<{ value: string }>)[0]!.value).toBe(newEmail);

    const filters = [
      `emails[type eq "work"].value eq "${newEmail}"`,
      'externalId eq "entra-object-1"',
      `userName eq "${email}" and externalId eq "entra-object-1"`,
      `userName eq "${email}" and not (active eq false)`,
    ];
    for (const filter of filters) {
      const found = await scim(t, token, 'GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(
        (found.body.Resources as Array<{ id: string }>).map((user) => user.id),
        filter,
      ).toEqual([id]);
    }
    const bad = await scim(t, token, 'GET', `/Users?filter=${encodeURIComponent('userName zz "x"')}`);
    expect([bad.status, bad.body.scimType]).toEqual([400, 'invalidFilter']);

    const paged = await scim(t, token, 'GET', '/Users?startIndex=2&count=1');
    expect(paged.body).toMatchObject({ startIndex: 2, itemsPerPage: 1 });
    expect(paged.body.totalResults as number).toBeGreaterThanOrEqual(3);

    const group = await scim(t, token, 'POST', '/Groups', {
      schemas: [SCIM_GROUP],
      externalId: 'entra-group-1',
      displayName: `Entra ${unique()}`,
      members: [],
    });
    const groupId = group.body.id as string;
    const joined = await scim(t, token, 'PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: id }] }],
    });
    expect((joined.body.members as unknown[]).length).toBe(1);
    const left = await scim(t, token, 'PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: id }] }],
    });
    expect(left.body.members ?? []).toEqual([]);
    const renamed = await scim(t, token, 'PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'displayName', value: `Entra renamed ${unique()}` }],
    });
    expect(String(renamed.body.displayName)).toMatch(/^Entra renamed/);
    const replaced = await scim(t, token, 'PUT', `/Groups/${groupId}`, {
      schemas: [SCIM_GROUP],
      displayName: 'Entra put',
      members: [{ value: id }],
    });
    expect((replaced.body.members as unknown[]).length).toBe(1);

    const off = await scim(t, token, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.body.active).toBe(false);
    const on = await scim(t, token, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(on.body.active).toBe(true);

    expect((await scim(t, token, 'DELETE', `/Groups/${groupId}`)).status).toBe(204);
    expect((await scim(t, token, 'GET', `/Groups/${groupId}`)).status).toBe(404);
    expect((await scim(t, token, 'DELETE', `/Users/${id}`)).status).toBe(204);
    expect((await scim(t, token, 'GET', `/Users/${id}`)).status).toBe(404);
  });
});

describe('deprovisioning', () => {
  it('signs a deactivated person out at their next request, stops their API key, refuses their sign-in, and lets them back', async () => {
    const email = uniqueEmail();
    const created = await scim(t, token, 'POST', '/Users', {
      schemas: [SCIM_USER],
      userName: email,
      name: { givenName: 'Ida', familyName: 'Rhodes' },
    });
    const id = created.body.id as string;
    // An admin of the account by their group, so that they may make an API key.
    const group = await scim(t, token, 'POST', '/Groups', {
      schemas: [SCIM_GROUP],
      displayName: `Admins ${unique()}`,
      members: [{ value: id }],
    });
    const mapped = await callApi(t.app, 'PUT', `/api/account/scim/groups/${String(group.body.id)}`, {
      cookie: owner.cookie,
      payload: { target: 'role', role: 'admin' },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(await roleOf(id)).toBe('admin');

    // Provisioned without a password (they would sign in through SSO); one is set here to get a real session.
    await setPassword(t, id, PASSWORD);
    const cookie = await signIn(t.app, email);
    const { secret } = await createApiKey(t, cookie);
    expect((await callApi(t.app, 'GET', '/api/faxes', { cookie })).statusCode).toBe(200);
    expect((await callApi(t.app, 'GET', '/api/api-keys', { cookie })).statusCode).toBe(200);
    expect((await callV1(t, secret, 'GET', '/v1/faxes')).statusCode).toBe(200);

    await scim(t, token, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });

    // Their very next requests, with the session's signed copy still young: page reads included.
    expect((await callApi(t.app, 'GET', '/api/faxes', { cookie })).statusCode).toBe(401);
    expect((await callApi(t.app, 'GET', '/api/api-keys', { cookie })).statusCode).toBe(401);
    expect((await callApi(t.app, 'GET', '/api/auth/session', { cookie })).json()).toMatchObject({ session: null });
    expect((await callV1(t, secret, 'GET', '/v1/faxes')).statusCode).toBe(401);
    const refused = await signInFrom(t.app, someClientAddress(), email, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('scim.signInTurnedOff');
    // Still a member: their faxes keep their sender, and the identity provider can turn them on again.
    expect(await roleOf(id)).toBe('admin');
    const listed = ZMembersResponse.parse((await callApi(t.app, 'GET', '/api/account/members', { cookie: owner.cookie })).json());
    expect(listed.members.find((member) => member.userId === id)?.active).toBe(false);

    await scim(t, token, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: true } }] });
    expect((await callApi(t.app, 'GET', '/api/faxes', { cookie })).statusCode).toBe(401);
    const again = await signIn(t.app, email);
    expect((await callApi(t.app, 'GET', '/api/faxes', { cookie: again })).statusCode).toBe(200);
    expect((await callV1(t, secret, 'GET', '/v1/faxes')).statusCode).toBe(200);

    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, id), eq(auditEvents.accountId, accountId)));
    const actions = trail.map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['scim.user_create', 'member.role_change', 'member.deactivate', 'member.reactivate']));
    const deactivation = trail.find((row) => row.action === 'member.deactivate')!;
    expect(deactivation.details).toMatchObject({ via: 'scim', scimToken: { prefix: tokenPrefix, name: 'Okta' } });
    expect(JSON.stringify(trail)).not.toContain(token);
  });

  it("never deactivates, deletes or re-addresses the owner, and never reaches another account's people", async () => {
    const ownerOff = await scim(t, token, 'PATCH', `/Users/${owner.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect([ownerOff.status, ownerOff.body.scimType]).toEqual([400, 'mutability']);
    expect((await scim(t, token, 'DELETE', `/Users/${owner.id}`)).body.scimType).toBe('mutability');
    const moved = await scim(t, token, 'PATCH', `/Users/${owner.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'emails[type eq "work"].value', value: uniqueEmail() }],
    });
    expect(moved.status).toBe(400);
    expect((await callApi(t.app, 'GET', '/api/faxes', { cookie: owner.cookie })).statusCode).toBe(200);

    // An admin group never makes the owner anything else.
    const group = await scim(t, token, 'POST', '/Groups', {
      schemas: [SCIM_GROUP],
      displayName: `Billing ${unique()}`,
      members: [{ value: owner.id }],
    });
    await callApi(t.app, 'PUT', `/api/account/scim/groups/${String(group.body.id)}`, {
      cookie: owner.cookie,
      payload: { target: 'role', role: 'billing' },
    });
    expect(await roleOf(owner.id)).toBe('owner');
    const asOwner = await callApi(t.app, 'PUT', `/api/account/scim/groups/${String(group.body.id)}`, {
      cookie: owner.cookie,
      payload: { target: 'role', role: 'owner' },
    });
    expect(asOwner.statusCode).toBe(400);
    const nonsense = await callApi(t.app, 'PUT', `/api/account/scim/groups/${String(group.body.id)}`, {
      cookie: owner.cookie,
      payload: { target: 'everything' },
      language: 'fr',
    });
    expect([nonsense.statusCode, errorOf(nonsense).type]).toEqual([400, 'invalid_request']);

    const other = await createAccount(t, { members: [{ role: 'user' }] });
    const stranger = other.members[0]!;
    expect((await scim(t, token, 'GET', `/Users/${stranger.id}`)).status).toBe(404);
    expect(
      (
        await scim(t, token, 'PATCH', `/Users/${stranger.id}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: 'replace', path: 'active', value: false }],
        })
      ).status,
    ).toBe(404);
    expect((await scim(t, token, 'DELETE', `/Users/${stranger.id}`)).status).toBe(404);
    const everyone = await scim(t, token, 'GET', '/Users?count=200');
    expect((everyone.body.Resources as Array<{ id: string }>).map((user) => user.id)).not.toContain(stranger.id);
    const joined = await scim(t, token, 'POST', '/Groups', {
      schemas: [SCIM_GROUP],
      displayName: `Strangers ${unique()}`,
      members: [{ value: stranger.id }],
    });
    expect([joined.status, joined.body.scimType]).toEqual([400, 'invalidValue']);
    const otherAddress = await scim(t, token, 'POST', '/Users', { schemas: [SCIM_USER], userName: stranger.email });
    expect([otherAddress.status, otherAddress.body.scimType]).toEqual([409, 'uniqueness']);
  });
});

describe('groups mapped to a shared inbox', () => {
  it("makes the group's members the inbox's, and takes them out when they leave it", async () => {
    const email = uniqueEmail();
    const id = (await scim(t, token, 'POST', '/Users', { schemas: [SCIM_USER], userName: email })).body.id as string;
    const made = await callApi(t.app, 'POST', '/api/inboxes', {
      cookie: owner.cookie,
      payload: { name: `Cardiology ${unique()}`, memberIds: [], numbers: [] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const inboxId = (made.json() as { inboxes: Array<{ id: string }> }).inboxes[0]!.id;
    const group = await scim(t, token, 'POST', '/Groups', {
      schemas: [SCIM_GROUP],
      displayName: `Cardio ${unique()}`,
      members: [{ value: id }],
    });
    const groupId = String(group.body.id);
    // Mapped to nothing: kept and listed, changing nothing.
    expect(await inboxIdsOf(t.db, id)).toEqual(new Set());
    await callApi(t.app, 'PUT', `/api/account/scim/groups/${groupId}`, { cookie: owner.cookie, payload: { target: 'inbox', inboxId } });
    expect(await inboxIdsOf(t.db, id)).toEqual(new Set([inboxId]));
    const settings = ZScimSettingsResponse.parse((await callApi(t.app, 'GET', '/api/account/scim', { cookie: owner.cookie })).json());
    expect(settings.groups.find((row) => row.id === groupId)).toMatchObject({ members: 1, mapping: { target: 'inbox', inboxId } });

    await scim(t, token, 'PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: `members[value eq "${id}"]` }],
    });
    expect(await inboxIdsOf(t.db, id)).toEqual(new Set());
    await scim(t, token, 'PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'members', value: [{ value: id }] }],
    });
    expect(await inboxIdsOf(t.db, id)).toEqual(new Set([inboxId]));
    await callApi(t.app, 'PUT', `/api/account/scim/groups/${groupId}`, { cookie: owner.cookie, payload: { target: 'none' } });
    expect(await inboxIdsOf(t.db, id)).toEqual(new Set());
  });
});
