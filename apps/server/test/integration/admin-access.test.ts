import { ZAdminAccessResponse, ZApiError } from '@faxline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStepUps } from '../../src/admin/schema';
import { createAccount, createUser } from '@test-support/factories/accounts';
import { PASSWORD } from '@test-support/factories/values';
import { cookiesFrom, openTestApp, signIn, someClientAddress, callApi, type TestApp } from '../support/test-app';

let t: TestApp;
let adminRoutes: Array<{ method: string; url: string }>;
beforeAll(async () => {
  t = await openTestApp();
  // Every /api/admin route the router knows, not a hand-written list: a route added later is covered by itself.
  adminRoutes = t.app.routeList
    .filter((route) => route.url.startsWith('/api/admin/'))
    .flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((m) => m !== 'HEAD')
        .map((method) => ({ method, url: route.url })),
    );
});
afterAll(() => t.close());

const request = (method: string, url: string, cookie?: string, payload?: object) =>
  callApi(t.app, method as 'GET', url.replace(/:(\w+)/g, 'some-$1'), {
    cookie,
    payload: payload ?? (method === 'GET' || method === 'DELETE' ? undefined : {}),
    remoteAddress: someClientAddress(),
  });

async function adminWithoutStepUp() {
  const admin = await createUser(t, { platformRole: 'admin' });
  return { admin, cookie: await signIn(t.app, admin.email) };
}

describe('every /api/admin route', () => {
  it('exists (the enumeration finds routes)', () => {
    expect(adminRoutes.length).toBeGreaterThan(0);
    expect(adminRoutes).toContainEqual({ method: 'GET', url: '/api/admin/session' });
  });

  it('answers 401 to the signed out', async () => {
    for (const route of adminRoutes) expect((await request(route.method, route.url)).statusCode, `${route.method} ${route.url}`).toBe(401);
  });

  it('answers 403 to a signed-in person who is not a platform admin', async () => {
    const person = await createUser(t);
    const cookie = await signIn(t.app, person.email);
    for (const route of adminRoutes)
      expect((await request(route.method, route.url, cookie)).statusCode, `${route.method} ${route.url}`).toBe(403);
  });

  it("answers 403 to the sub-admin of a customer's account (an account role, not a platform one)", async () => {
    const username = `subadmin_${Date.now()}`;
    await createAccount(t, { members: [{ role: 'admin', name: 'Sub Admin', username, email: `${username}@example.com` }] });
    const cookie = await signIn(t.app, username);
    for (const route of adminRoutes)
      expect((await request(route.method, route.url, cookie)).statusCode, `${route.method} ${route.url}`).toBe(403);
  });

  it('answers 401 step_up_required to an admin without a current step-up', async () => {
    const { cookie } = await adminWithoutStepUp();
    for (const route of adminRoutes) {
      const response = await request(route.method, route.url, cookie);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(ZApiError.parse(response.json()).error.type).toBe('step_up_required');
    }
  });
});

describe('the admin login', () => {
  it('lets a signed-in admin in after re-entering the password, for 30 idle minutes', async () => {
    const { admin, cookie } = await adminWithoutStepUp();
    const wrong = await request('POST', '/api/admin-access', cookie, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(ZApiError.parse(wrong.json()).error.message).toBe('Incorrect password. Please try again.');

    const granted = await request('POST', '/api/admin-access', cookie, { password: admin.password });
    expect(granted.statusCode, granted.body).toBe(200);
    const { expiresAt } = ZAdminAccessResponse.parse(granted.json());
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect((await request('GET', '/api/admin/session', cookie)).statusCode).toBe(200);

    // 31 minutes without a back-office request: the step-up has lapsed.
    await t.db.update(adminStepUps).set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) });
    const lapsed = await request('GET', '/api/admin/session', cookie);
    expect(lapsed.statusCode).toBe(401);
    expect(ZApiError.parse(lapsed.json()).error.type).toBe('step_up_required');
  });

  it('signs a signed-out admin in with e-mail and password', async () => {
    const admin = await createUser(t, { platformRole: 'admin' });
    const response = await request('POST', '/api/admin-access', undefined, { email: admin.email, password: admin.password });
    expect(response.statusCode, response.body).toBe(200);
    expect((await request('GET', '/api/admin/session', cookiesFrom(response))).statusCode).toBe(200);
  });

  it('tells a non-admin "Invalid admin credentials" and signs nobody in', async () => {
    const person = await createUser(t);
    const response = await request('POST', '/api/admin-access', undefined, { email: person.email, password: PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(ZApiError.parse(response.json()).error.message).toBe('Invalid admin credentials');
    expect(response.cookies.filter((c) => c.name.includes('session_token'))).toEqual([]);
  });

  it('ends the step-up on admin logout, keeping the person signed in', async () => {
    const { admin, cookie } = await adminWithoutStepUp();
    await request('POST', '/api/admin-access', cookie, { password: admin.password });
    expect((await request('DELETE', '/api/admin-access', cookie)).statusCode).toBe(200);
    expect((await request('GET', '/api/admin/session', cookie)).statusCode).toBe(401);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.json().session.user.email).toBe(admin.email);
    expect(await t.db.select().from(adminStepUps)).not.toContainEqual(
      expect.objectContaining({ sessionId: session.json().session.session.id }),
    );
  });
});
