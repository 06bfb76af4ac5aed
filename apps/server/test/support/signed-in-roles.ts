import { DEFAULT_SYSTEM_SETTINGS, type TSaveSystemSettingsRequest } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { accountSecurityPolicies } from '../../src/accounts/security-policy-schema';
import { setTwoFactorRequiredByAccount } from '../../src/auth/people';
import { expect } from 'vitest';
import { forgetSignInFailures } from '../../src/auth/sign-in-throttle';
import { createUser } from '@test-support/factories/accounts';
import { signIn, someClientAddress, TEST_ORIGIN, type TestApp } from './test-app';

export const ROLES = ['signed-out', 'member', 'admin'] as const;
export type Role = (typeof ROLES)[number];

type Person = { id: string; accountId: string; email: string; password: string; cookie: string };

/**
 * The three callers of the reliability battery: nobody, an account owner, and a platform admin with the back-office
 * step-up done. A generated request may end a session (sign-out, admin logout) or change the platform for everyone
 * (settings): `afterRequest` puts things back so that the next request meets the same callers and the same platform.
 */
export async function openRoles(t: TestApp, baseline: TSaveSystemSettingsRequest['values'] = DEFAULT_SYSTEM_SETTINGS) {
  const member = await createUser(t);
  const admin = await createUser(t, { platformRole: 'admin' });
  const people: Record<Exclude<Role, 'signed-out'>, Person> = {
    member: { ...member, cookie: await signIn(t.app, member.email) },
    admin: { ...admin, cookie: await signIn(t.app, admin.email) },
  };

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, cookie },
      ...(payload ? { payload } : {}),
      remoteAddress: someClientAddress(),
    });

  async function stepUp(person: Person) {
    const response = await inject('POST', '/api/admin-access', person.cookie, { password: person.password });
    expect(response.statusCode, response.body).toBe(200);
  }

  // At the database: with two-factor required of everyone, the owner must set it up before changing anything.
  async function restorePolicy(role: Exclude<Role, 'signed-out'>) {
    const person = people[role];
    await t.db.delete(accountSecurityPolicies).where(eq(accountSecurityPolicies.accountId, person.accountId));
    await setTwoFactorRequiredByAccount(t.db, [person.id], false);
  }

  async function restoreSettings() {
    const response = await inject('PUT', '/api/admin/settings', people.admin.cookie, { values: baseline });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** Signs the person in again if a request ended their session (or, for the admin, the step-up). */
  async function ensure(role: Exclude<Role, 'signed-out'>) {
    const person = people[role];
    const alive =
      role === 'admin'
        ? (await inject('GET', '/api/admin/session', person.cookie)).statusCode === 200
        : (await inject('GET', '/api/auth/session', person.cookie)).json<{ session: unknown }>().session !== null;
    if (alive) return;
    // Wrong passwords sent by generated requests count against the person's sign-in; they are not what is tested here.
    await forgetSignInFailures(t.db, person.id);
    person.cookie = await signIn(t.app, person.email, person.password);
    if (role === 'admin') await stepUp(person);
  }

  await stepUp(people.admin);
  await restoreSettings();

  return {
    cookieOf: (role: Role): string | null => (role === 'signed-out' ? null : people[role].cookie),
    /** After a request that may have changed something (a write that succeeded): put the callers and platform back. */
    async afterRequest(role: Role, request: { method: string; url: string }, statusCode: number) {
      if (role === 'signed-out' || request.method === 'GET' || statusCode >= 400) return;
      if (role === 'admin' && request.url.startsWith('/api/admin/settings')) await restoreSettings();
      // A longer password rule or two-factor for everyone would send the caller to a step the battery does not take.
      if (request.url.startsWith('/api/account/security-policy')) await restorePolicy(role);
      await ensure(role);
    },
  };
}
