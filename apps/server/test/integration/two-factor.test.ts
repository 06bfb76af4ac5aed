import { ZApiError, ZSessionResponse, ZSignInResponse, ZTwoFactorEnrolResponse } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/audit/schema';
import { createUser } from '@test-support/factories/accounts';
import { PASSWORD, unique } from '@test-support/factories/values';
import { TEST_ORIGIN, cookiesFrom, openTestApp, signIn, someClientAddress, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie, origin: TEST_ORIGIN }, payload, remoteAddress: someClientAddress() });

/** The code an authenticator app shows for this key, `stepsAhead` periods of 30 s from now. */
const codeFor = (key: string, stepsAhead = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

/** Signs in with the password: with two-factor on this opens a challenge only. Returns the challenge cookie. */
async function passwordStep(identifier: string) {
  const response = await post('/api/auth/sign-in', '', { identifier, password: PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  return { body: ZSignInResponse.parse(response.json()), cookie: cookiesFrom(response) };
}

async function enrol(cookie: string) {
  const started = await post('/api/two-factor/enrol', cookie, { password: PASSWORD });
  expect(started.statusCode, started.body).toBe(200);
  const enrolment = ZTwoFactorEnrolResponse.parse(started.json());
  const confirmed = await post('/api/two-factor/confirm', cookie, { code: codeFor(enrolment.key) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { enrolment, cookie: cookiesFrom(confirmed) || cookie, session: ZSessionResponse.parse(confirmed.json()).session };
}

describe('two-factor sign-in', () => {
  it('enrols with a key and ten backup codes, is off until a code confirms it, and the status is truthful', async () => {
    const person = await createUser(t);
    const cookie = await signIn(t.app, person.email);
    const started = ZTwoFactorEnrolResponse.parse((await post('/api/two-factor/enrol', cookie, { password: PASSWORD })).json());
    expect(started.totpUri).toMatch(/^otpauth:\/\/totp\/Faxline:/);
    expect(started.key).toMatch(/^[A-Z2-7]+=*$/);
    expect(started.backupCodes).toHaveLength(10);
    expect(new Set(started.backupCodes).size).toBe(10);
    // Not on yet: signing in still takes the password alone.
    expect((await passwordStep(person.email)).body.twoFactorRequired).toBe(false);

    const wrong = await post('/api/two-factor/confirm', cookie, { code: '000000' === codeFor(started.key) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    const confirmed = await post('/api/two-factor/confirm', cookie, { code: codeFor(started.key) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(ZSessionResponse.parse(confirmed.json()).session?.user.twoFactorEnabled).toBe(true);
    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorUserId, person.id), eq(auditEvents.action, 'two_factor.enable')));
    expect(rows).toHaveLength(1);
  });

  it('asks for a code after the password; a code signs in once only; a wrong code is refused in the language asked', async () => {
    const person = await createUser(t, { username: unique('tf').replace(/-/g, '_') });
    const { enrolment } = await enrol(await signIn(t.app, person.email));

    const first = await passwordStep(person.email);
    expect(first.body).toEqual({ session: null, twoFactorRequired: true });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor',
      headers: { cookie: first.cookie, origin: TEST_ORIGIN, 'accept-language': 'fr' },
      payload: { method: 'totp', code: '999999' === codeFor(enrolment.key, 1) ? '888888' : '999999' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(ZApiError.parse(wrong.json()).error.message).toBe('Ce code n’est pas valide. Vérifiez le code et réessayez.');

    // The confirmation used this period's code; the next period's is accepted (one step of drift is allowed).
    const code = codeFor(enrolment.key, 1);
    const signedIn = await post('/api/auth/two-factor', first.cookie, { method: 'totp', code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(ZSessionResponse.parse(signedIn.json()).session?.user.email).toBe(person.email);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: cookiesFrom(signedIn) } });
    expect(ZSessionResponse.parse(session.json()).session?.user.id).toBe(person.id);

    // The same code again, on a new challenge (by username this time): refused, and no session is handed out.
    const second = await passwordStep(person.username!);
    const replayed = await post('/api/auth/two-factor', second.cookie, { method: 'totp', code });
    expect(replayed.statusCode).toBe(401);
    expect(ZApiError.parse(replayed.json()).error.message).toBe('That code has already been used. Wait for the next code from your app.');
    expect(cookiesFrom(replayed)).not.toMatch(/session_token=[^;]+/);
    // The refusal did not spend the step: a backup code still finishes this sign-in.
    const rescued = await post('/api/auth/two-factor', second.cookie, { method: 'backup', code: enrolment.backupCodes[0]! });
    expect(rescued.statusCode, rescued.body).toBe(200);
    // Asked again once signed in, there is no pending step: 401, not an error of ours.
    const repeated = await post('/api/auth/two-factor', `${second.cookie}; ${cookiesFrom(rescued)}`, {
      method: 'backup',
      code: enrolment.backupCodes[1]!,
    });
    expect(repeated.statusCode).toBe(401);
    expect(ZApiError.parse(repeated.json()).error.type).toBe('two_factor_challenge_expired');
  });

  it('accepts each backup code once, and new codes replace the old ones', async () => {
    const person = await createUser(t);
    const { enrolment, cookie } = await enrol(await signIn(t.app, person.email));
    const [backup, other] = enrolment.backupCodes;

    const challenge = await passwordStep(person.email);
    const signedIn = await post('/api/auth/two-factor', challenge.cookie, { method: 'backup', code: backup! });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const again = await passwordStep(person.email);
    expect((await post('/api/auth/two-factor', again.cookie, { method: 'backup', code: backup! })).statusCode).toBe(401);

    const renewed = await post('/api/two-factor/backup-codes', cookie, { password: PASSWORD });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((renewed.json() as { backupCodes: string[] }).backupCodes).toHaveLength(10);
    const third = await passwordStep(person.email);
    expect((await post('/api/auth/two-factor', third.cookie, { method: 'backup', code: other! })).statusCode).toBe(401);
  });

  it('without a challenge there is nothing to verify; bad input is a 400', async () => {
    const none = await post('/api/auth/two-factor', '', { method: 'totp', code: '123456' });
    expect(none.statusCode).toBe(401);
    expect(ZApiError.parse(none.json()).error).toMatchObject({
      type: 'two_factor_challenge_expired',
      message: 'Your sign-in has expired. Please sign in again with your password.',
    });
    const bad = await post('/api/auth/two-factor', '', { method: 'totp', code: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(ZApiError.parse(bad.json()).error.message).toContain('Enter the 6-digit code from your authenticator app.');
    expect((await post('/api/auth/two-factor', '', { method: 'sms', code: '123456' })).statusCode).toBe(400);
  });

  it('switches off with the password only, and then the password alone signs in', async () => {
    const person = await createUser(t);
    const { cookie } = await enrol(await signIn(t.app, person.email));
    expect((await post('/api/two-factor/disable', cookie, { password: 'not-it' })).statusCode).toBe(400);
    const off = await post('/api/two-factor/disable', cookie, { password: PASSWORD });
    expect(off.statusCode, off.body).toBe(200);
    expect(ZSessionResponse.parse(off.json()).session?.user.twoFactorEnabled).toBe(false);
    expect((await passwordStep(person.email)).body.twoFactorRequired).toBe(false);
  });

  it('a person asked to set up two-factor can only enrol until they have', async () => {
    const person = await createUser(t, { twoFactorSetupRequired: true });
    const cookie = await signIn(t.app, person.email);
    const session = ZSessionResponse.parse((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json());
    expect(session.session?.user.twoFactorSetupRequired).toBe(true);
    const refused = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect(ZApiError.parse(refused.json()).error.type).toBe('two_factor_setup_required');

    const { cookie: after, session: enrolled } = await enrol(cookie);
    expect(enrolled?.user.twoFactorSetupRequired).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: after } })).statusCode).toBe(200);
  });
});
