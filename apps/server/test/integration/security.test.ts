import {
  ZAccountAuditFacets,
  ZAccountAuditResponse,
  ZDeviceSessionsResponse,
  ZMemberSessionsResponse,
  ZSecurityPolicy,
  ZSessionResponse,
  ZSignInResponse,
} from '@faxline/shared';
import { dictionary } from '@zxcvbn-ts/language-common';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveAccountToPlan } from '../../src/accounts/account-plan';
import { readSecurityPolicy } from '../../src/accounts/security-policy';
import { inTransaction } from '../../src/platform/db/transaction';
import { setPassword } from '../../src/auth/people';
import { sessions } from '../../src/auth/schema';
import { plans } from '../../src/plans/schema';
import { createAccount, createUser } from '@test-support/factories/accounts';
import { PASSWORD, uniqueEmail } from '@test-support/factories/values';
import { callApi, cookiesFrom, errorOf, openTestApp, signIn, signInFrom, someClientAddress, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

const FIREFOX_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** Signs in from a browser of its own (address and user agent), as a second device would. */
async function signInAs(identifier: string, password: string, device: { ip: string; userAgent: string }) {
  const response = await signInFrom(t.app, device.ip, identifier, password, { 'user-agent': device.userAgent });
  expect(response.statusCode, response.body).toBe(200);
  return { cookie: cookiesFrom(response), body: ZSignInResponse.parse(response.json()) };
}

const get = (url: string, cookie: string, remoteAddress = someClientAddress()) => callApi(t.app, 'GET', url, { cookie, remoteAddress });

describe('password rules', () => {
  // A leaked password of 8 characters or more, beyond the first 10,000 the list was cut at before.
  const leaked = dictionary.passwords.slice(10_000).find((p) => p.length >= 10 && !/[A-Z]/.test(p))!;

  it('asks for 8 characters and refuses leaked passwords wherever one is chosen, saying the rule', async () => {
    const signUp = (password: string) =>
      callApi(t.app, 'POST', '/api/auth/sign-up', {
        payload: { name: 'New', email: uniqueEmail(), password },
        remoteAddress: someClientAddress(),
        language: 'fr',
      });
    const short = await signUp('Otter-7');
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).message).toMatch(/au moins 8 caractères/);
    const common = await signUp(leaked);
    expect(common.statusCode).toBe(400);
    expect(errorOf(common).code).toBe('validation.passwordTooCommon');
    expect((await signUp('Otter-76')).statusCode).toBe(200);

    const person = await createUser(t);
    const cookie = await signIn(t.app, person.email);
    const change = (newPassword: string) =>
      callApi(t.app, 'POST', '/api/profile/password', {
        cookie,
        payload: { currentPassword: PASSWORD, newPassword },
        remoteAddress: someClientAddress(),
      });
    expect(errorOf(await change(leaked)).code).toBe('validation.passwordTooCommon');
    expect((await change('Otter-7')).statusCode).toBe(400);
  });

  it("applies the account's longer minimum to a change, an invitation and the back office's people, in the caller's language", async () => {
    const account = await createAccount(t, { members: [{ role: 'user' }] });
    const owner = await signIn(t.app, account.owner.email);
    const member = await signIn(t.app, account.members[0]!.email);
    const save = (cookie: string, payload: object) => callApi(t.app, 'PUT', '/api/account/security-policy', { cookie, payload });

    expect((await save(member, { passwordMinLength: 14, requireTwoFactor: false })).statusCode).toBe(403);
    for (const passwordMinLength of [65, 7, 12.5]) {
      const refused = await save(owner, { passwordMinLength, requireTwoFactor: false });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).issues).toEqual([
        { path: 'body.passwordMinLength', message: 'The shortest password must be a whole number of characters from 8 to 64.' },
      ]);
    }
    const saved = await save(owner, { passwordMinLength: 14, requireTwoFactor: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZSecurityPolicy.parse(saved.json())).toEqual({ passwordMinLength: 14, requireTwoFactor: false, hipaaPlan: false });
    // Every member reads the rule they must meet.
    expect(ZSecurityPolicy.parse((await get('/api/account/security-policy', member)).json()).passwordMinLength).toBe(14);

    const change = (cookie: string, currentPassword: string, newPassword: string) =>
      callApi(t.app, 'POST', '/api/profile/password', {
        cookie,
        payload: { currentPassword, newPassword },
        language: 'es',
        remoteAddress: someClientAddress(),
      });
    const tooShort = await change(member, PASSWORD, 'Otter-river-7');
    expect(tooShort.statusCode).toBe(400);
    expect(errorOf(tooShort).message).toBe('Su cuenta exige contraseñas de al menos 14 caracteres.');
    expect((await change(member, PASSWORD, 'Otter-river-77')).statusCode).toBe(200);

    const invite = await callApi(t.app, 'POST', '/api/account/members', {
      cookie: owner,
      payload: { name: 'Short', username: `short${Date.now()}`, email: uniqueEmail(), password: 'Otter-river-7', role: 'User' },
    });
    expect(invite.statusCode, invite.body).toBe(400);
    expect(errorOf(invite).code).toBe('validation.passwordBelowAccountPolicy');
    await expect(createUser(t, { password: 'Otter-river-7', account: { join: account.id, role: 'user' } })).rejects.toThrow(
      /passwordBelowAccountPolicy/,
    );
  });

  it('starts a HIPAA plan at 12 characters and two-factor sign-in for everyone, members who join later included', async () => {
    const account = await createAccount(t, { members: [{ role: 'user' }] });
    const [hipaa] = await t.db.select({ id: plans.id }).from(plans).where(eq(plans.slug, 'hipaa-basic'));
    await inTransaction(t.db, (tx) => moveAccountToPlan(tx, account.id, hipaa!.id));
    expect(await readSecurityPolicy(t.db, account.id)).toEqual({ passwordMinLength: 12, requireTwoFactor: true, hipaaPlan: true });
    const member = await signIn(t.app, account.members[0]!.email);
    const session = ZSessionResponse.parse((await get('/api/auth/session', member)).json()).session!;
    expect(session.user.twoFactorSetupRequired).toBe(true);
    expect(errorOf(await get('/api/account', member)).type).toBe('two_factor_setup_required');
    const later = await createUser(t, { password: 'Otter-river-12', account: { join: account.id, role: 'user' } });
    const laterSession = ZSessionResponse.parse((await get('/api/auth/session', await signIn(t.app, later.email, later.password))).json());
    expect(laterSession.session!.user.twoFactorSetupRequired).toBe(true);
    // The owner too must first set up two-factor sign-in.
    const owner = await signIn(t.app, account.owner.email);
    const policy = await get('/api/account/security-policy', owner);
    expect(policy.statusCode).toBe(403);
    expect(errorOf(policy).type).toBe('two_factor_setup_required');
  });

  it('signs a right but weak password in to a change step that every other route refuses, then lets the person go', async () => {
    const account = await createAccount(t);
    // A password chosen when 6 characters were enough.
    await setPassword(t, account.owner.id, 'otter1');
    const { cookie, body } = await signInAs(account.owner.email, 'otter1', { ip: someClientAddress(), userAgent: FIREFOX_ON_MAC });
    expect(body.session!.user.passwordChangeRequired).toBe(true);
    for (const url of ['/api/account', '/api/faxes', '/api/sessions']) {
      const refused = await get(url, cookie);
      expect(refused.statusCode, url).toBe(403);
      expect(errorOf(refused).type).toBe('password_change_required');
    }
    // The session check still answers (the web app learns where to go), as does signing out.
    expect(ZSessionResponse.parse((await get('/api/auth/session', cookie)).json()).session!.user.passwordChangeRequired).toBe(true);
    const weakAgain = await callApi(t.app, 'POST', '/api/profile/password', {
      cookie,
      payload: { currentPassword: 'otter1', newPassword: 'otter12' },
    });
    expect(weakAgain.statusCode).toBe(400);
    const changed = await callApi(t.app, 'POST', '/api/profile/password', {
      cookie,
      payload: { currentPassword: 'otter1', newPassword: 'Otter-river-8' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const renewed = cookiesFrom(changed);
    expect((await get('/api/account', renewed)).statusCode).toBe(200);
    expect(ZSessionResponse.parse((await get('/api/auth/session', renewed)).json()).session!.user.passwordChangeRequired).toBe(false);
    // A strong password signs in free.
    expect(
      (await signInAs(account.owner.email, 'Otter-river-8', { ip: someClientAddress(), userAgent: FIREFOX_ON_MAC })).body.session!.user
        .passwordChangeRequired,
    ).toBe(false);
  });

  it('asks a platform admin with a weak password for a new one before the back office opens', async () => {
    const admin = await createUser(t, { platformRole: 'admin' });
    await setPassword(t, admin.id, 'otter12');
    const access = await callApi(t.app, 'POST', '/api/admin-access', {
      payload: { email: admin.email, password: 'otter12' },
      remoteAddress: someClientAddress(),
    });
    expect(access.statusCode, access.body).toBe(200);
    const refused = await get('/api/admin/session', cookiesFrom(access));
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).type).toBe('password_change_required');
  });

  it("asks for a change when a password meets the platform's rule but no longer the account's", async () => {
    const account = await createAccount(t, { members: [{ role: 'user' }] });
    const owner = await signIn(t.app, account.owner.email);
    expect(
      (
        await callApi(t.app, 'PUT', '/api/account/security-policy', {
          cookie: owner,
          payload: { passwordMinLength: 20, requireTwoFactor: false },
        })
      ).statusCode,
    ).toBe(200);
    const { cookie, body } = await signInAs(account.members[0]!.email, PASSWORD, { ip: someClientAddress(), userAgent: FIREFOX_ON_MAC });
    expect(body.session!.user.passwordChangeRequired).toBe(true);
    expect(errorOf(await get('/api/account', cookie)).type).toBe('password_change_required');
  });
});

describe('signed-in devices', () => {
  it('lists them with browser, system, place and times, and ends one at its next request, then all others', async () => {
    const person = await createUser(t);
    const laptop = await signInAs(person.email, PASSWORD, { ip: '198.51.100.7', userAgent: FIREFOX_ON_MAC });
    const phone = await signInAs(person.email, PASSWORD, { ip: '10.1.2.3', userAgent: CHROME_ON_ANDROID });
    const third = await signInAs(person.email, PASSWORD, { ip: '90.84.1.1', userAgent: CHROME_ON_ANDROID });
    // The phone reads a page: its signed copy is checked, and the process remembers it.
    expect((await get('/api/account', phone.cookie, '10.1.2.3')).statusCode).toBe(200);
    expect((await get('/api/account', phone.cookie, '10.1.2.3')).statusCode).toBe(200);

    const listed = ZDeviceSessionsResponse.parse((await get('/api/sessions', laptop.cookie, '198.51.100.9')).json()).sessions;
    expect(listed).toHaveLength(3);
    const mine = listed.find((s) => s.current)!;
    expect(mine).toMatchObject({
      browser: 'Firefox 133',
      system: 'Mac OS 14.5',
      ip: '198.51.100.7',
      place: 'this-network',
      deviceType: null,
    });
    const phoneRow = listed.find((s) => s.ip === '10.1.2.3')!;
    expect(phoneRow).toMatchObject({
      browser: 'Chrome 131',
      system: 'Android 15',
      place: 'local-network',
      deviceType: 'mobile',
      current: false,
    });
    // A public address says its country (DB-IP's database); a private one no place but the network's.
    expect(listed.find((s) => s.ip === '90.84.1.1')).toMatchObject({ place: 'internet', country: 'FR' });
    expect(phoneRow.country).toBeNull();
    expect(new Date(phoneRow.lastSeenAt).getTime()).toBeGreaterThanOrEqual(new Date(phoneRow.signedInAt).getTime());
    const [row] = await t.db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, phoneRow.id));
    expect(row!.lastSeenAt).not.toBeNull();

    expect((await callApi(t.app, 'DELETE', `/api/sessions/${mine.id}`, { cookie: laptop.cookie })).statusCode).toBe(409);
    expect((await callApi(t.app, 'DELETE', '/api/sessions/not-a-session', { cookie: laptop.cookie })).statusCode).toBe(404);
    const ended = await callApi(t.app, 'DELETE', `/api/sessions/${phoneRow.id}`, { cookie: laptop.cookie });
    expect(ended.statusCode, ended.body).toBe(200);
    // The phone's next page read is refused although its signed copy is still young.
    expect((await get('/api/account', phone.cookie, '10.1.2.3')).statusCode).toBe(401);
    expect((await get('/api/account', third.cookie)).statusCode).toBe(200);

    const others = await callApi(t.app, 'DELETE', '/api/sessions', { cookie: laptop.cookie });
    expect(others.json()).toEqual({ ended: 1 });
    expect((await get('/api/account', third.cookie)).statusCode).toBe(401);
    expect((await get('/api/account', laptop.cookie)).statusCode).toBe(200);
  });

  it("lets the owner and a sub-admin see and end the members' devices they manage, and nobody else", async () => {
    const account = await createAccount(t, { members: [{ role: 'admin' }, { role: 'user' }] });
    const [admin, user] = account.members;
    const owner = await signIn(t.app, account.owner.email);
    const adminCookie = await signIn(t.app, admin!.email);
    const userDevice = await signInAs(user!.email, PASSWORD, { ip: someClientAddress(), userAgent: CHROME_ON_ANDROID });
    expect((await get('/api/account', userDevice.cookie)).statusCode).toBe(200);

    const seenByOwner = ZMemberSessionsResponse.parse((await get('/api/account/member-sessions', owner)).json()).members;
    expect(seenByOwner.map((m) => m.userId).sort()).toEqual([admin!.id, user!.id].sort());
    const seenByAdmin = ZMemberSessionsResponse.parse((await get('/api/account/member-sessions', adminCookie)).json()).members;
    expect(seenByAdmin.map((m) => m.userId)).toEqual([user!.id]);
    expect((await get('/api/account/member-sessions', userDevice.cookie)).statusCode).toBe(403);
    // A sub-admin cannot end the owner's devices, nor anyone end another account's.
    expect((await callApi(t.app, 'DELETE', `/api/account/member-sessions/${account.owner.id}`, { cookie: adminCookie })).statusCode).toBe(
      404,
    );
    const stranger = await createAccount(t);
    const strangerCookie = await signIn(t.app, stranger.owner.email);
    expect((await callApi(t.app, 'DELETE', `/api/account/member-sessions/${user!.id}`, { cookie: strangerCookie })).statusCode).toBe(404);

    const userSession = seenByOwner.find((m) => m.userId === user!.id)!.sessions[0]!;
    expect(userSession.browser).toBe('Chrome 131');
    const ended = await callApi(t.app, 'DELETE', `/api/account/member-sessions/${user!.id}/${userSession.id}`, { cookie: owner });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await get('/api/account', userDevice.cookie)).statusCode).toBe(401);
    const all = await callApi(t.app, 'DELETE', `/api/account/member-sessions/${admin!.id}`, { cookie: owner });
    expect(all.json()).toEqual({ ended: 1 });
    expect((await get('/api/account', adminCookie)).statusCode).toBe(401);
  });
});

describe("the account's audit trail", () => {
  it('shows owners and sub-admins their sign-ins and ended sessions, filtered and paged, and no User member', async () => {
    const account = await createAccount(t, {
      members: [{ role: 'admin' }, { role: 'user', name: '=HYPERLINK("http://evil.example","x")' }],
    });
    const [admin, user] = account.members;
    const owner = await signIn(t.app, account.owner.email);
    const adminCookie = await signIn(t.app, admin!.email);
    const userCookie = await signIn(t.app, user!.email);
    const other = await createAccount(t);
    await signIn(t.app, other.owner.email);
    const { sessions: mine } = ZDeviceSessionsResponse.parse((await get('/api/sessions', userCookie)).json());
    await callApi(t.app, 'DELETE', `/api/account/member-sessions/${user!.id}/${mine[0]!.id}`, { cookie: owner });

    expect((await get('/api/account/audit', userCookie)).statusCode).toBe(401); // its session was just ended
    const userAgain = await signIn(t.app, user!.email);
    expect((await get('/api/account/audit', userAgain)).statusCode).toBe(403);
    expect((await get('/api/account/audit.csv', userAgain)).statusCode).toBe(403);

    const trail = ZAccountAuditResponse.parse((await get('/api/account/audit', adminCookie)).json());
    const actions = trail.events.map((e) => e.action);
    expect(actions).toContain('auth.sign_in');
    expect(actions).toContain('session.end');
    expect(trail.events.every((e) => e.actorUserId === null || [account.owner.id, admin!.id, user!.id].includes(e.actorUserId))).toBe(true);
    expect(trail.events.some((e) => e.actor?.email === other.owner.email)).toBe(false);

    const byAction = ZAccountAuditResponse.parse((await get('/api/account/audit?action=session.end', owner)).json());
    expect(byAction.events.map((e) => e.action)).toEqual(['session.end']);
    expect(byAction.events[0]!.details).toMatchObject({ userId: user!.id, ended: 1 });
    const byPerson = ZAccountAuditResponse.parse(
      (await get(`/api/account/audit?actor=${encodeURIComponent(admin!.email.toUpperCase())}`, owner)).json(),
    );
    expect(byPerson.events.length).toBeGreaterThan(0);
    expect(byPerson.events.every((e) => e.actorUserId === admin!.id)).toBe(true);
    const future = ZAccountAuditResponse.parse((await get('/api/account/audit?from=2099-01-01', owner)).json());
    expect(future.total).toBe(0);
    expect((await get('/api/account/audit?from=2026-02-30', owner)).statusCode).toBe(400);
    const facets = ZAccountAuditFacets.parse((await get('/api/account/audit/facets', owner)).json());
    expect(facets.actions).toEqual(expect.arrayContaining(['auth.sign_in', 'session.end']));

    const csv = await callApi(t.app, 'GET', '/api/account/audit.csv?action=auth.sign_in', { cookie: owner, language: 'fr' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="faxline-audit-trail\.csv"/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe("Heure (UTC),E-mail,Nom,Action,Objet,Id de l'objet,Résultat,Adresse,Détails");
    expect(lines.slice(1).every((line) => line.includes(',auth.sign_in,'))).toBe(true);
    // The member's name would be a formula: it is written as text.
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv.body).not.toContain(other.owner.email);
  });
});
