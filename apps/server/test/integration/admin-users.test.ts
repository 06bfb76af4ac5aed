import { ZAdminUser, ZAdminUserListResponse, ZApiError, type TAdminUserListQuery } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMembers, accounts } from '../../src/accounts/schema';
import { auditEvents } from '../../src/audit/schema';
import { users } from '../../src/auth/schema';
import { createAccount, createUser } from '@test-support/factories/accounts';
import { PASSWORD, unique, uniqueEmail } from '@test-support/factories/values';
import { TEST_ORIGIN, signIn, someClientAddress, openTestApp, adminSession, callApi, errorOf, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminCookie: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: object, headers: Record<string, string> = {}) =>
  callApi(t.app, method, url, { cookie, payload, headers, remoteAddress: someClientAddress() });

const list = async (query: TAdminUserListQuery = {}) => {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await call('GET', `/api/admin/users?${params.toString()}`, adminCookie);
  expect(response.statusCode, response.body).toBe(200);
  return ZAdminUserListResponse.parse(response.json());
};

const addUser = async (overrides: Record<string, unknown> = {}) => {
  const body = {
    name: 'Grace Hopper',
    email: uniqueEmail('added'),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    role: 'User',
    ...overrides,
  };
  const response = await call('POST', '/api/admin/users', adminCookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return { ...ZAdminUser.parse(response.json()), password: body.password as string };
};

const auditOf = (objectId: string) => t.db.select().from(auditEvents).where(eq(auditEvents.objectId, objectId));
const sessionWorks = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().session !== null;

beforeAll(async () => {
  t = await openTestApp();
  ({ person: admin, cookie: adminCookie } = await adminSession(t, { name: 'Back Office Admin' }));
}, 120_000);
afterAll(() => t.close());

describe('the admin user dialog checks (spec 001 §5), on the server too', () => {
  const cases: Array<[string, Method, () => string, object, string]> = [
    [
      'name missing',
      'POST',
      () => '/api/admin/users',
      { email: 'x@example.com', password: PASSWORD, confirmPassword: PASSWORD },
      'Name and email are required.',
    ],
    ['email missing', 'POST', () => '/api/admin/users', { name: 'X', password: PASSWORD }, 'Name and email are required.'],
    ['no password', 'POST', () => '/api/admin/users', { name: 'X', email: 'x@example.com' }, 'Password is required for new users.'],
    [
      'passwords differ',
      'POST',
      () => '/api/admin/users',
      { name: 'X', email: 'x@example.com', password: 'abcdefgh', confirmPassword: 'abcdefgi' },
      'Passwords do not match.',
    ],
    [
      'password too short',
      'POST',
      () => '/api/admin/users',
      { name: 'X', email: 'x@example.com', password: 'abc', confirmPassword: 'abc' },
      'Password must be at least 8 characters.',
    ],
    [
      'bad e-mail',
      'POST',
      () => '/api/admin/users',
      { name: 'X', email: 'not-an-address', password: PASSWORD, confirmPassword: PASSWORD },
      'Please enter a valid e-mail address.',
    ],
    ['edit without a name', 'PATCH', () => `/api/admin/users/${admin.id}`, { name: ' ', role: 'Admin' }, 'Name and email are required.'],
    [
      'edit, short new password',
      'PATCH',
      () => `/api/admin/users/${admin.id}`,
      { name: 'A', role: 'Admin', password: 'abc', confirmPassword: 'abc' },
      'Password must be at least 8 characters.',
    ],
    [
      'edit, new passwords differ',
      'PATCH',
      () => `/api/admin/users/${admin.id}`,
      { name: 'A', role: 'Admin', password: 'abcdefgh', confirmPassword: 'abcdefgi' },
      'New passwords do not match.',
    ],
  ];
  it.each(cases)('%s: 400 with the message', async (_, method, url, body, message) => {
    const response = await call(method, url(), adminCookie, body);
    expect(response.statusCode).toBe(400);
    const { error } = ZApiError.parse(response.json());
    expect(error.type).toBe('invalid_request');
    expect(error.issues?.[0]?.message).toBe(message);
    expect(error.message).toContain(message);
  });

  it("answers in the caller's language", async () => {
    const response = await call(
      'POST',
      '/api/admin/users',
      adminCookie,
      { name: 'X', email: 'x@example.com', password: 'a', confirmPassword: 'b' },
      { 'accept-language': 'fr' },
    );
    expect(ZApiError.parse(response.json()).error.issues?.[0]?.message).toBe('Les mots de passe ne correspondent pas.');
  });

  it('refuses a common password, and an address already used', async () => {
    const common = await call('POST', '/api/admin/users', adminCookie, {
      name: 'X',
      email: uniqueEmail(),
      password: 'password',
      confirmPassword: 'password',
    });
    expect(common.statusCode).toBe(400);
    const taken = await call('POST', '/api/admin/users', adminCookie, {
      name: 'X',
      email: admin.email.toUpperCase(),
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(ZApiError.parse(taken.json()).error.message).toBe('A user with this e-mail address already exists.');
  });
});

describe('adding a user', () => {
  it('creates a confirmed person who owns a new account, can sign in, and is audited', async () => {
    const added = await addUser({ name: '  Grace Hopper ', role: 'User' });
    expect(added).toMatchObject({ name: 'Grace Hopper', role: 'User', status: 'active', lastSignInAt: null });
    const [membership] = await t.db.select().from(accountMembers).where(eq(accountMembers.userId, added.id));
    expect(membership?.role).toBe('owner');
    await signIn(t.app, added.email, added.password);
    const [event] = await auditOf(added.id);
    expect(event).toMatchObject({ action: 'user.create', actorUserId: admin.id, outcome: 'success', details: { role: 'User' } });

    // Signed in once: the last sign-in shows.
    const { users: found } = await list({ search: added.email });
    expect(found[0]?.lastSignInAt).not.toBeNull();
  });

  it('can create another admin', async () => {
    const added = await addUser({ role: 'Admin' });
    expect(added.role).toBe('Admin');
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, added.id));
    expect(row?.role).toBe('admin');
  });
});

describe('the list (spec 001 §2.11, §9)', () => {
  const tag = unique('roster');
  let emails: string[];
  beforeAll(async () => {
    emails = [];
    // Twelve people whose names carry the tag, created in an order unrelated to their addresses.
    for (let i = 0; i < 12; i++) {
      // Addresses run l..a, names start with letters in yet another order.
      const email = `${String.fromCharCode(108 - i)}-${tag}@example.com`;
      const name = `${String.fromCharCode(97 + ((i * 5) % 12))} Person ${tag.toUpperCase()}`;
      await createUser(t, { name, email, emailVerified: i % 3 !== 0 });
      emails.push(email);
    }
  });

  it('searches name or e-mail without regard to case, 10 a page, sorted by e-mail by default, with the total', async () => {
    const page1 = await list({ search: tag.toUpperCase() });
    expect(page1.total).toBe(12);
    expect(page1.pageSize).toBe(10);
    expect(page1.users).toHaveLength(10);
    const sorted = [...emails].sort();
    expect(page1.users.map((u) => u.email)).toEqual(sorted.slice(0, 10));
    const page2 = await list({ search: tag, page: 2 });
    expect(page2.users.map((u) => u.email)).toEqual(sorted.slice(10));
    // The name only, then the address only.
    expect((await list({ search: `person ${tag}` })).total).toBe(12);
    expect((await list({ search: `L-${tag.toUpperCase()}@` })).users.map((u) => u.email)).toEqual([`l-${tag}@example.com`]);
  });

  it('sorts by each column in both directions', async () => {
    const desc = await list({ search: tag, direction: 'desc' });
    expect(desc.users[0]?.email).toBe([...emails].sort().reverse()[0]);
    const byName = await list({ search: tag, sort: 'name', direction: 'asc' });
    expect(byName.users.map((u) => u.name[0])).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
    const byStatus = await list({ search: tag, sort: 'status' });
    expect(byStatus.users.slice(0, 8).every((u) => u.status === 'active')).toBe(true);
    const byStatusDesc = await list({ search: tag, sort: 'status', direction: 'desc' });
    expect(byStatusDesc.users.slice(0, 4).every((u) => u.status === 'pending_confirmation')).toBe(true);
    const joined = await list({ search: tag, sort: 'joined', direction: 'desc' });
    expect(joined.users[0]?.email).toBe(emails[11]);
    expect((await list({ search: tag, sort: 'role' })).total).toBe(12);
    // Signed in once: first when sorting by last sign-in, newest first; 'Never' comes first the other way.
    await signIn(t.app, emails[5]!);
    const recent = await list({ search: tag, sort: 'lastSignIn', direction: 'desc' });
    expect(recent.users[0]).toMatchObject({ email: emails[5], lastSignInAt: expect.any(String) });
    expect((await list({ search: tag, sort: 'lastSignIn' })).users[0]?.lastSignInAt).toBeNull();
  });

  it('refuses an unknown sort', async () => {
    const response = await call('GET', '/api/admin/users?sort=shoe-size', adminCookie);
    expect(response.statusCode).toBe(400);
  });
});

describe('editing a user', () => {
  it('renames, promotes and demotes with audit rows {from, to}; a demoted admin is signed out', async () => {
    const person = await addUser({ role: 'User' });
    const promoted = await call('PATCH', `/api/admin/users/${person.id}`, adminCookie, { name: 'Grace B. Hopper', role: 'Admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(ZAdminUser.parse(promoted.json())).toMatchObject({ name: 'Grace B. Hopper', role: 'Admin' });

    const cookie = await signIn(t.app, person.email, person.password);
    const demoted = await call('PATCH', `/api/admin/users/${person.id}`, adminCookie, { name: 'Grace B. Hopper', role: 'User' });
    expect(demoted.statusCode).toBe(200);
    expect(await sessionWorks(cookie)).toBe(false);

    const events = await auditOf(person.id);
    expect(events.map((e) => [e.action, e.details])).toEqual([
      ['user.create', { role: 'User' }],
      ['user.rename', { from: 'Grace Hopper', to: 'Grace B. Hopper' }],
      ['user.role_change', { from: 'User', to: 'Admin' }],
      ['user.role_change', { from: 'Admin', to: 'User' }],
    ]);
  });

  it('sets a new password: the old one stops working, sessions end, the reset is audited', async () => {
    const person = await addUser();
    const cookie = await signIn(t.app, person.email, person.password);
    const newPassword = 'Heron-quiet-4410!';
    const response = await call('PATCH', `/api/admin/users/${person.id}`, adminCookie, {
      name: person.name,
      role: 'User',
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await sessionWorks(cookie)).toBe(false);
    await signIn(t.app, person.email, newPassword);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: TEST_ORIGIN },
      payload: { identifier: person.email, password: person.password },
      remoteAddress: someClientAddress(),
    });
    expect(old.statusCode).toBe(401);
    expect((await auditOf(person.id)).map((e) => e.action)).toContain('user.password_reset');
  });

  it('answers 404 for someone who does not exist', async () => {
    const response = await call('PATCH', '/api/admin/users/nobody', adminCookie, { name: 'X', role: 'User' });
    expect(response.statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/users/nobody', adminCookie)).statusCode).toBe(404);
  });
});

describe('an admin and their own user', () => {
  it('cannot demote or delete themself (409, translated), and the refusal is audited', async () => {
    const demote = await call(
      'PATCH',
      `/api/admin/users/${admin.id}`,
      adminCookie,
      { name: admin.name, role: 'User' },
      { 'accept-language': 'es' },
    );
    expect(demote.statusCode).toBe(409);
    expect(ZApiError.parse(demote.json()).error.message).toMatch(/^No puede quitarse su propio rol/);
    const remove = await call('DELETE', `/api/admin/users/${admin.id}`, adminCookie);
    expect(remove.statusCode).toBe(409);
    expect(ZApiError.parse(remove.json()).error.message).toMatch(/cannot delete your own user/);
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, admin.id));
    expect(row?.role).toBe('admin');
    const denied = (await auditOf(admin.id)).filter((e) => e.outcome === 'denied').map((e) => e.action);
    expect(denied).toEqual(['user.role_change', 'user.delete']);
  });

  it('may still rename themself and keep the role', async () => {
    const response = await call('PATCH', `/api/admin/users/${admin.id}`, adminCookie, { name: 'Renamed Admin', role: 'Admin' });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('deleting a user', () => {
  it('deletes an owner together with their account and its members, like deleting the account', async () => {
    const username = unique('sub');
    const account = await createAccount(t, { owner: { name: 'Owner to delete' }, members: [{ role: 'user', name: 'Sub user', username }] });
    const owner = account.owner;
    const ownerCookie = await signIn(t.app, owner.email);

    const response = await call('DELETE', `/api/admin/users/${owner.id}`, adminCookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(await t.db.select().from(accounts).where(eq(accounts.id, account.id))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.username, username))).toEqual([]);
    expect(await sessionWorks(ownerCookie)).toBe(false);
    const [event] = (await auditOf(owner.id)).filter((e) => e.action === 'user.delete');
    expect(event).toMatchObject({
      outcome: 'success',
      actorUserId: admin.id,
      details: expect.objectContaining({ accountDeleted: true, people: 2 }),
    });
  });

  it('refuses to delete the owner of the account the operator belongs to (it would delete them too), audited', async () => {
    const account = await createAccount(t, { owner: { name: 'Owner of an operator' } });
    const operator = await adminSession(t, { name: 'Operator member', account: { join: account.id, role: 'user' } });
    const response = await call('DELETE', `/api/admin/users/${account.owner.id}`, operator.cookie);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('errors.adminCannotDeleteSelf');
    expect(await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, account.id))).toEqual([{ id: account.id }]);
    const [event] = await auditOf(account.owner.id);
    expect(event).toMatchObject({
      action: 'user.delete',
      outcome: 'denied',
      actorUserId: operator.person.id,
      accountId: account.id,
      details: { email: account.owner.email, role: 'User', reason: 'self' },
    });
  });

  it('removes a member alone: the account and its owner stay', async () => {
    const memberEmail = uniqueEmail('member');
    const { owner, members } = await createAccount(t, {
      owner: { name: 'Owner who stays' },
      members: [{ role: 'billing', name: 'Member to delete', username: unique('member'), email: memberEmail }],
    });
    const ownerCookie = await signIn(t.app, owner.email);
    const memberId = members[0]!.id;
    const memberCookie = await signIn(t.app, memberEmail);

    expect((await call('DELETE', `/api/admin/users/${memberId}`, adminCookie)).statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, memberId))).toEqual([]);
    expect(await sessionWorks(memberCookie)).toBe(false);
    const [ownerRow] = await t.db
      .select()
      .from(accountMembers)
      .where(and(eq(accountMembers.userId, owner.id), eq(accountMembers.role, 'owner')));
    expect(ownerRow).toBeDefined();
    expect(await sessionWorks(ownerCookie)).toBe(true);
    const [event] = (await auditOf(memberId)).filter((e) => e.action === 'user.delete');
    expect(event?.details).toMatchObject({ accountDeleted: false, accountRole: 'billing', email: memberEmail });
  });
});
