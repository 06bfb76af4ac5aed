import { MEMBER_INVITATIONS_PER_HOUR, ZAccountSummary, ZAddMemberResponse, ZApiError, ZMembersResponse } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMembers } from '../../src/accounts/schema';
import { createAccount, createUser } from '@test-support/factories/accounts';
import { PASSWORD, unique, uniqueEmail } from '@test-support/factories/values';
import { acceptInvitation, invitationLink } from '../support/members';
import { callApi, latestEmailTo, openTestApp, signIn, type TestApp } from '../support/test-app';

/** A plan that includes several users (decision 087). */
const TEAM_PLAN = { slug: 'business' } as const;

// Adding a member must not tell the inviter whether an address has a Faxline account (decision 068).
let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
}, 120_000);
afterAll(() => t.close());

const newMember = (email: string) => ({ name: 'Grace Hopper', username: unique('grace'), email, password: PASSWORD, role: 'User' as const });
const invite = (cookie: string, email: string, language?: string) =>
  callApi(t.app, 'POST', '/api/account/members', { cookie, payload: newMember(email), ...(language ? { language } : {}) });
/** An answer with what differs by nature (the invitation's id and times) taken out. */
const comparable = (response: { statusCode: number; json: () => unknown; headers: Record<string, unknown> }) => {
  const { invitation } = ZAddMemberResponse.parse(response.json());
  return {
    status: response.statusCode,
    contentType: response.headers['content-type'],
    keys: Object.keys(invitation).sort(),
    role: invitation.role,
  };
};

describe('adding a member', () => {
  it('answers an address that has a Faxline account exactly as a new one, and sends each its own e-mail', async () => {
    const { owner } = await createAccount(t, { owner: { name: 'Olive Owner' }, plan: TEAM_PLAN });
    const cookie = await signIn(t.app, owner.email);
    const someoneElse = await createUser(t, { name: 'Existing Person' });
    const fresh = uniqueEmail('fresh');

    const toExisting = await invite(cookie, someoneElse.email);
    const toNew = await invite(cookie, fresh);
    expect(toExisting.statusCode, toExisting.body).toBe(202);
    expect(comparable(toExisting)).toEqual(comparable(toNew));
    expect(ZAddMemberResponse.parse(toExisting.json()).invitation.email).toBe(someoneElse.email.toLowerCase());

    // The list shows both as waiting, and neither as a member: nothing to tell them apart either.
    const listed = ZMembersResponse.parse((await callApi(t.app, 'GET', '/api/account/members', { cookie })).json());
    expect(listed.members.map((m) => m.email)).toEqual([owner.email.toLowerCase()]);
    expect(listed.invitations.map((i) => i.email).sort()).toEqual([someoneElse.email.toLowerCase(), fresh].sort());

    // The person who has an account is told who wanted to add them, with nothing to accept; their account is untouched.
    const told = await latestEmailTo(t.app, someoneElse.email, /wanted to add you/);
    expect(told.text).toContain('Olive Owner');
    expect(told.text).not.toMatch(/https?:\/\//);
    const memberships = await t.db.select().from(accountMembers).where(eq(accountMembers.userId, someoneElse.id));
    expect(memberships.map((m) => [m.organizationId, m.role])).toEqual([[someoneElse.accountId, 'owner']]);
    // The new address gets the link.
    expect(await invitationLink(t, fresh)).toMatch(/^\/api\/account\/invitations\/accept\?token=/);
  });

  it('a new address joins when its owner accepts from the e-mail: the link asks first, then works once', async () => {
    const account = await createAccount(t, { owner: { name: 'Clinic Owner' }, plan: TEAM_PLAN });
    const cookie = await signIn(t.app, account.owner.email);
    const request = { ...newMember(uniqueEmail('joiner')), role: 'Billing' as const };
    expect((await callApi(t.app, 'POST', '/api/account/members', { cookie, payload: request })).statusCode).toBe(202);
    const link = await invitationLink(t, request.email);

    const asked = await t.app.inject({ method: 'GET', url: link });
    expect(asked.headers['content-type']).toMatch(/text\/html/);
    expect(asked.body).toContain('Clinic Owner');
    expect(asked.body).toContain('<form method="post"');
    // Showing the page joined nobody: a link scanner that follows it accepts nothing.
    await expect(signIn(t.app, request.username).catch(() => 'refused')).resolves.toBe('refused');

    const accepted = await acceptInvitation(t, link);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const memberCookie = await signIn(t.app, request.username);
    const summary = ZAccountSummary.parse((await callApi(t.app, 'GET', '/api/account', { cookie: memberCookie })).json());
    expect(summary).toMatchObject({ id: account.id, role: 'billing' });
    const listed = ZMembersResponse.parse((await callApi(t.app, 'GET', '/api/account/members', { cookie })).json());
    expect(listed.members.map((m) => m.username)).toContain(request.username);
    expect(listed.invitations).toEqual([]);

    const again = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('This invitation link is not valid');
    // A client that is not a browser gets the API's error body.
    const asJson = await t.app.inject({ method: 'POST', url: link });
    expect(ZApiError.parse(asJson.json()).error).toMatchObject({ type: 'not_found', code: 'errors.memberInvitationInvalid' });
  });

  it('has its own limit per account, answered with a translated 429', async () => {
    const account = await createAccount(t, { members: [{ role: 'admin' }], plan: TEAM_PLAN });
    const ownerCookie = await signIn(t.app, account.owner.email);
    const adminCookie = await signIn(t.app, account.members[0]!.email);
    // The owner and the sub-admin draw on the same allowance.
    for (let sent = 0; sent < MEMBER_INVITATIONS_PER_HOUR; sent += 1) {
      const answer = await invite(sent % 2 ? adminCookie : ownerCookie, uniqueEmail('many'));
      expect(answer.statusCode, answer.body).toBe(202);
    }
    const refused = await invite(adminCookie, uniqueEmail('one-more'), 'es');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(ZApiError.parse(refused.json()).error).toMatchObject({
      type: 'rate_limited',
      message: `Su cuenta ha enviado ${MEMBER_INVITATIONS_PER_HOUR} invitaciones en la última hora. Espere antes de invitar a más personas.`,
    });
    // Another account is not held back.
    const other = await signIn(t.app, (await createAccount(t, { plan: TEAM_PLAN })).owner.email);
    expect((await invite(other, uniqueEmail('other'))).statusCode).toBe(202);
  }, 120_000);
});
