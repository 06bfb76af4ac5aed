import {
  ZAccountSummary,
  ZNotificationsResponse,
  ZApiError,
  ZFaxListResponse,
  ZMember,
  ZMembersResponse,
  ZSendFaxResponse,
} from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../src/api-keys/schema';
import { auditEvents } from '../../src/audit/schema';
import { faxes } from '../../src/faxes/schema';
import { makePdf } from '@test-support/factories/documents';
import { createAccount, createUser } from '@test-support/factories/accounts';
import { createFax } from '@test-support/factories/faxes';
import { PASSWORD, unique, uniqueEmail } from '@test-support/factories/values';
import { createApiKey } from '../support/api-keys';
import { sendFaxRequest } from '../support/faxes';
import { addMember } from '../support/members';
import { openTestApp, signIn, callApi, errorOf, type TestApp } from '../support/test-app';

let t: TestApp;
const cookies: Record<'owner' | 'admin' | 'user' | 'billing' | 'stranger', string> = {
  owner: '',
  admin: '',
  user: '',
  billing: '',
  stranger: '',
};
let ownerFax: string;
let userFax: string;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, cookie: string, payload?: object) =>
  callApi(t.app, method, url, { cookie, payload });

beforeAll(async () => {
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.001' } });
  // Business: a plan that includes several users (decision 087).
  const { owner } = await createAccount(t, { owner: { name: 'Owner' }, plan: { slug: 'business' } });
  cookies.owner = await signIn(t.app, owner.email);
  for (const role of ['Admin', 'User', 'Billing'] as const) {
    const username = unique(role.toLowerCase());
    await addMember(t, cookies.owner, {
      name: `${role} person`,
      username,
      email: uniqueEmail(),
      password: PASSWORD,
      role,
      enable2fa: false,
    });
    cookies[role.toLowerCase() as 'admin'] = await signIn(t.app, username);
  }
  cookies.stranger = await signIn(t.app, (await createUser(t, { name: 'Other customer' })).email);
  const pdf = await makePdf(1);
  ownerFax = ZSendFaxResponse.parse(
    (
      await sendFaxRequest(t.app, cookies.owner, { recipientNumber: '+12025550143', faxQuality: 'fine' }, [{ name: 'a.pdf', bytes: pdf }])
    ).json(),
  ).faxId;
  userFax = ZSendFaxResponse.parse(
    (
      await sendFaxRequest(t.app, cookies.user, { recipientNumber: '+12025550143', faxQuality: 'fine' }, [{ name: 'a.pdf', bytes: pdf }])
    ).json(),
  ).faxId;
}, 120_000);
afterAll(() => t.close());

describe('sub-users (spec 001 §2.8)', () => {
  it("join the owner's account, sign in by username, and are listed with their roles", async () => {
    const { members } = ZMembersResponse.parse((await call('GET', '/api/account/members', cookies.owner)).json());
    expect(members.map((m) => m.role)).toEqual(['owner', 'admin', 'user', 'billing']);
    const session = (await call('GET', '/api/auth/session', cookies.user)).json();
    expect(session.session.user.username).toMatch(/^user-/);
  });

  it('refuses a username already taken and a common password (an address already taken is invited like any other)', async () => {
    const { members } = ZMembersResponse.parse((await call('GET', '/api/account/members', cookies.owner)).json());
    const taken = await call('POST', '/api/account/members', cookies.owner, {
      name: 'X',
      username: members[1]!.username,
      email: uniqueEmail(),
      password: PASSWORD,
      role: 'User',
    });
    expect(ZApiError.parse(taken.json()).error.message).toBe('This username is already taken. Please choose another.');
    const weak = await call('POST', '/api/account/members', cookies.owner, {
      name: 'X',
      username: unique('u'),
      email: uniqueEmail(),
      password: 'password1',
      role: 'User',
    });
    expect(weak.statusCode).toBe(400);
  });

  it('lets the owner change a role but not their own, and remove a member whose sessions then end', async () => {
    const username = unique('temp');
    await addMember(t, cookies.owner, { name: 'Temp', username, email: uniqueEmail(), password: PASSWORD, role: 'User' });
    const listed = ZMembersResponse.parse((await call('GET', '/api/account/members', cookies.owner)).json());
    const added = ZMember.parse(listed.members.find((m) => m.username === username));
    const tempCookie = await signIn(t.app, username);
    expect((await call('PATCH', `/api/account/members/${added.userId}`, cookies.owner, { role: 'Billing' })).json().role).toBe('billing');
    const { members } = ZMembersResponse.parse((await call('GET', '/api/account/members', cookies.owner)).json());
    const owner = members.find((m) => m.role === 'owner')!;
    expect((await call('PATCH', `/api/account/members/${owner.userId}`, cookies.owner, { role: 'User' })).statusCode).toBe(409);
    expect((await call('DELETE', `/api/account/members/${added.userId}`, cookies.owner)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/session', tempCookie)).json()).toEqual({ session: null });
  });

  it("refuses a removed member's page reads with 401 while their session's signed copy is still young", async () => {
    const { members } = ZMembersResponse.parse((await call('GET', '/api/account/members', cookies.owner)).json());
    const accountId = ZAccountSummary.parse((await call('GET', '/api/account', cookies.owner)).json()).id;
    const removed = await createUser(t, { name: 'Soon removed', account: { join: accountId, role: 'user' } });
    const cookie = await signIn(t.app, removed.email);
    expect((await call('GET', '/api/account', cookie)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/account/members/${removed.id}`, cookies.owner)).statusCode).toBe(200);
    // The signed copy in the cookie lives up to a minute (decision 030); every read needing the account must refuse it.
    for (const url of ['/api/account', '/api/faxes', '/api/contacts', '/api/usage', '/api/notifications']) {
      const refused = await call('GET', url, cookie);
      expect(refused.statusCode, `${url}: ${refused.body}`).toBe(401);
      expect(ZApiError.parse(refused.json()).error.type).toBe('authentication_error');
    }
    // Nothing was opened in the removed person's name.
    const after = ZMembersResponse.parse((await call('GET', '/api/account/members', cookies.owner)).json()).members;
    expect(after.map((m) => m.userId)).toEqual(members.map((m) => m.userId));
  });
});

describe('member changes on the members page (accounts/member-changes.ts)', () => {
  const memberAuditOf = async (userId: string) =>
    (await t.db.select().from(auditEvents).where(eq(auditEvents.objectId, userId)))
      .filter((e) => e.action.startsWith('member.'))
      .map((e) => [e.action, e.details]);

  it("refuses another account's member (404) and the owner (409), for a role change and a removal alike", async () => {
    const elsewhere = await createAccount(t, { members: [{ role: 'user' }] });
    const { owner } = await createAccount(t, {});
    const cookie = await signIn(t.app, owner.email);
    for (const target of [elsewhere.members[0]!.id, elsewhere.owner.id]) {
      const changed = await call('PATCH', `/api/account/members/${target}`, cookie, { role: 'Billing' });
      const removed = await call('DELETE', `/api/account/members/${target}`, cookie);
      for (const refused of [changed, removed]) {
        expect(refused.statusCode).toBe(404);
        expect(errorOf(refused).message).toBe('This person is not a member of your account.');
      }
    }
    for (const refused of [
      await call('PATCH', `/api/account/members/${owner.id}`, cookie, { role: 'Admin' }),
      await call('DELETE', `/api/account/members/${owner.id}`, cookie),
    ]) {
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).code).toBe('errors.ownerCannotChange');
    }
    expect(await memberAuditOf(owner.id)).toEqual([]);
  });

  it('audits a role change with {from, to} and a removal; the same role again changes nothing and is not audited', async () => {
    const account = await createAccount(t, { members: [{ role: 'user' }, { role: 'admin' }] });
    const [member, subAdmin] = account.members;
    // A sub-admin manages the members as the owner does.
    const cookie = await signIn(t.app, subAdmin!.email);
    for (let i = 0; i < 2; i++) {
      const changed = await call('PATCH', `/api/account/members/${member!.id}`, cookie, { role: 'Billing' });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(ZMember.parse(changed.json())).toMatchObject({ userId: member!.id, email: member!.email, role: 'billing' });
    }
    expect((await call('DELETE', `/api/account/members/${member!.id}`, cookie)).statusCode).toBe(200);
    expect(await memberAuditOf(member!.id)).toEqual([
      ['member.role_change', { from: 'user', to: 'billing' }],
      ['member.remove', null],
    ]);
  });

  it("a removed member's faxes stay with the account; the API keys they created and the invitations they sent go", async () => {
    const account = await createAccount(t, { members: [{ role: 'admin' }], plan: { slug: 'business' } });
    const [member] = account.members;
    const memberCookie = await signIn(t.app, member!.email);
    await createApiKey(t, memberCookie);
    const invited = uniqueEmail('invited');
    const invitation = await call('POST', '/api/account/members', memberCookie, {
      name: 'Invited',
      username: unique('invited'),
      email: invited,
      password: PASSWORD,
      role: 'User',
    });
    expect(invitation.statusCode, invitation.body).toBe(202);
    const fax = await createFax(t, { accountId: account.id, userId: member!.id });

    const ownerCookie = await signIn(t.app, account.owner.email);
    expect((await call('DELETE', `/api/account/members/${member!.id}`, ownerCookie)).statusCode).toBe(200);
    const [kept] = await t.db.select().from(faxes).where(eq(faxes.id, fax.id));
    expect(kept).toMatchObject({ accountId: account.id, userId: null });
    expect(await t.db.select().from(apiKeys).where(eq(apiKeys.accountId, account.id))).toEqual([]);
    const listed = ZMembersResponse.parse((await call('GET', '/api/account/members', ownerCookie)).json());
    expect(listed.invitations.map((i) => i.email)).not.toContain(invited);
    expect(listed.members.map((m) => m.userId)).toEqual([account.owner.id]);
  });
});

describe('every user-area endpoint, as each role', () => {
  const faxIdsVisible = async (cookie: string) => {
    const sent = ZFaxListResponse.parse((await call('GET', '/api/faxes?direction=outbound', cookie)).json());
    return sent.faxes.map((f) => f.id).sort();
  };

  it('faxes: the owner and the sub-admin see all; a User only their own; Billing none; another customer nothing', async () => {
    expect(await faxIdsVisible(cookies.owner)).toEqual([ownerFax, userFax].sort());
    expect(await faxIdsVisible(cookies.admin)).toEqual([ownerFax, userFax].sort());
    expect(await faxIdsVisible(cookies.user)).toEqual([userFax]);
    expect((await call('GET', '/api/faxes', cookies.billing)).statusCode).toBe(403);
    expect(await faxIdsVisible(cookies.stranger)).toEqual([]);
    expect((await call('GET', `/api/faxes/${ownerFax}`, cookies.user)).statusCode).toBe(404);
    expect((await call('GET', `/api/faxes/${ownerFax}`, cookies.stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/faxes/${ownerFax}/document`, cookies.stranger)).statusCode).toBe(404);
    expect((await call('POST', `/api/faxes/${ownerFax}/cancel`, cookies.stranger)).statusCode).toBe(404);
    expect((await call('GET', '/api/faxes', '')).statusCode).toBe(401);
  });

  it('members: managed by the owner and the sub-admin only', async () => {
    expect((await call('GET', '/api/account/members', cookies.admin)).statusCode).toBe(200);
    for (const role of ['user', 'billing'] as const)
      expect((await call('GET', '/api/account/members', cookies[role])).statusCode, role).toBe(403);
    const strangers = ZMembersResponse.parse((await call('GET', '/api/account/members', cookies.stranger)).json()).members;
    expect(strangers.map((m) => m.name)).toEqual(['Other customer']);
    expect((await call('GET', '/api/account/members', '')).statusCode).toBe(401);
  });

  it('usage and settings: every member has them; nobody signed out', async () => {
    for (const role of ['owner', 'admin', 'user', 'billing'] as const) {
      expect((await call('GET', '/api/usage', cookies[role])).statusCode, role).toBe(200);
      expect((await call('GET', '/api/settings', cookies[role])).statusCode, role).toBe(200);
    }
    expect((await call('GET', '/api/usage', '')).statusCode).toBe(401);
    expect((await call('GET', '/api/settings', '')).statusCode).toBe(401);
  });

  it('the account summary: every member sees their own account and role; nobody signed out', async () => {
    const summaries = await Promise.all(
      (['owner', 'admin', 'user', 'billing'] as const).map(async (role) =>
        ZAccountSummary.parse((await call('GET', '/api/account', cookies[role])).json()),
      ),
    );
    expect(summaries.map((s) => s.role)).toEqual(['owner', 'admin', 'user', 'billing']);
    expect(new Set(summaries.map((s) => s.id)).size).toBe(1);
    expect(summaries[0]).toMatchObject({ plan: { name: 'Business', apiAccess: true, webhooks: true, maxUsers: null } });
    const stranger = ZAccountSummary.parse((await call('GET', '/api/account', cookies.stranger)).json());
    expect(stranger.id).not.toBe(summaries[0]!.id);
    expect(stranger.role).toBe('owner');
    expect((await call('GET', '/api/account', '')).statusCode).toBe(401);
  });

  it('notifications: the fax events each role may see', async () => {
    const faxesOf = async (cookie: string) =>
      ZNotificationsResponse.parse((await call('GET', '/api/notifications', cookie)).json()).notifications.map((n) =>
        'faxId' in n ? n.faxId : null,
      );
    await expect
      .poll(() => faxesOf(cookies.owner), { timeout: 60_000, interval: 250 })
      .toEqual(expect.arrayContaining([ownerFax, userFax]));
    expect((await faxesOf(cookies.admin)).sort()).toEqual([ownerFax, userFax].sort());
    expect(await faxesOf(cookies.user)).toEqual([userFax]);
    expect(await faxesOf(cookies.stranger)).toEqual([]);
    expect(await faxesOf(cookies.billing)).toEqual([]);
    expect((await call('GET', '/api/notifications', '')).statusCode).toBe(401);
  }, 90_000);

  it('a member added with the two-factor option must set it up before anything else', async () => {
    const username = unique('asked');
    await addMember(t, cookies.owner, {
      name: 'Asked for 2FA',
      username,
      email: uniqueEmail(),
      password: PASSWORD,
      role: 'User',
      enable2fa: true,
    });
    const cookie = await signIn(t.app, username);
    const refused = await call('GET', '/api/faxes', cookie);
    expect(refused.statusCode).toBe(403);
    expect(ZApiError.parse(refused.json()).error.type).toBe('two_factor_setup_required');
    expect((await call('GET', '/api/auth/session', cookie)).json().session.user.twoFactorSetupRequired).toBe(true);
  });

  it('deleting the account: the owner only', async () => {
    for (const role of ['admin', 'user', 'billing'] as const)
      expect((await call('DELETE', '/api/account', cookies[role], { password: PASSWORD })).statusCode, role).toBe(403);
  });
});
