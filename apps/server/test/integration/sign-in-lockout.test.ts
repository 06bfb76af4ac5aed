import { ZSessionResponse, ZSignInResponse, ZTwoFactorEnrolResponse } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/audit/schema';
import { createUser } from '@test-support/factories/accounts';
import { PASSWORD, uniqueEmail } from '@test-support/factories/values';
import { callApi, cookiesFrom, errorOf, latestEmailTo, linkIn, openTestApp, signIn, signInFrom, type TestApp } from '../support/test-app';

// A stranger who knows an address spends wrong passwords on it from many addresses: the person must still get in from
// a browser they never used, by proving the account is theirs, while the stranger's addresses stay refused
// (auth/sign-in-throttle.ts, auth/sign-in-link.ts, docs/decisions/069). The real request limits stay on.
let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

/** 40 wrong passwords: four from each of ten addresses of one network, as a small botnet would spread them. */
async function strangersTry(identifier: string, network: string) {
  const statuses: number[] = [];
  for (let address = 1; address <= 10; address += 1)
    for (let attempt = 0; attempt < 4; attempt += 1)
      statuses.push((await signInFrom(t.app, `${network}.${address}`, identifier, `Wrong-guess-${address}-${attempt}`)).statusCode);
  return statuses;
}

const askForLink = (address: string, identifier: string, cookie = '', language?: string) =>
  callApi(t.app, 'POST', '/api/auth/sign-in-link', {
    payload: { identifier },
    remoteAddress: address,
    cookie,
    ...(language ? { language } : {}),
  });
const useLink = (address: string, token: string, cookie: string) =>
  callApi(t.app, 'POST', '/api/auth/sign-in-link/verify', { payload: { token }, remoteAddress: address, cookie });
const linkCookie = (response: LightMyRequestResponse) => {
  const cookie = response.cookies.find((c) => c.name === 'faxline.sign_in_link');
  expect(cookie, 'the browser that asks for a link gets its half of the proof').toMatchObject({ httpOnly: true, path: '/api/auth' });
  return `${cookie!.name}=${cookie!.value}`;
};
const tokenOf = (text: string) => linkIn(text).searchParams.get('token') ?? '';

// Each test checks some twenty real passwords (scrypt) before the ceiling: seconds alone, more on a busy machine.
describe('a lockout that strangers can trigger does not stop the person who proves the account is theirs', { timeout: 180_000 }, () => {
  it('40 wrong passwords from 10 addresses: the person signs in from a new browser with the e-mailed link; the strangers stay out', async () => {
    const person = await createUser(t);
    expect(new Set(await strangersTry(person.email, '198.51.100'))).not.toContain(200);

    // The person, from a browser and an address never seen, with the right password: not let in on the password alone,
    // and told how to get in.
    const newAddress = '192.0.2.77';
    const passwordAlone = await signInFrom(t.app, newAddress, person.email, PASSWORD, { 'accept-language': 'es' });
    expect(passwordAlone.statusCode, passwordAlone.body).toBe(401);
    expect(errorOf(passwordAlone)).toMatchObject({ type: 'authentication_error', code: 'errors.signInProofRequired' });
    expect(errorOf(passwordAlone).message).toMatch(/enlace/);

    const asked = await askForLink(newAddress, person.email);
    expect(asked.statusCode, asked.body).toBe(200);
    const browser = linkCookie(asked);
    const email = await latestEmailTo(t.app, person.email, /sign-in link/i);
    const token = tokenOf(email.text);
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(email.text).toMatch(/15 minutes/);

    // A link phished or forwarded to another browser does nothing there, and is not spent by the try.
    const elsewhere = await useLink('203.0.113.9', token, '');
    expect(elsewhere.statusCode).toBe(400);
    expect(errorOf(elsewhere).code).toBe('errors.signInLinkInvalid');

    const used = await useLink(newAddress, token, browser);
    expect(used.statusCode, used.body).toBe(200);
    const session = ZSessionResponse.parse(used.json()).session;
    expect(session?.user.email).toBe(person.email);
    const signedIn = cookiesFrom(used);
    expect((await callApi(t.app, 'GET', '/api/auth/session', { cookie: signedIn })).json().session.user.id).toBe(person.id);

    // Single use.
    expect((await useLink(newAddress, token, browser)).statusCode).toBe(400);
    // The browser is known now: its password works, whatever address it comes from.
    const knownDevice = signedIn.split('; ').find((c) => c.startsWith('faxline.known_device='))!;
    expect(knownDevice).toBeDefined();
    expect((await signInFrom(t.app, '198.51.100.3', person.email, PASSWORD, { cookie: knownDevice })).statusCode).toBe(200);

    // The strangers' addresses stay refused, even with the right password.
    for (let address = 1; address <= 10; address += 1) {
      const stranger = await signInFrom(t.app, `198.51.100.${address}`, person.email, PASSWORD);
      expect(stranger.statusCode).not.toBe(200);
    }

    const audited = await t.db
      .select({ action: auditEvents.action, outcome: auditEvents.outcome })
      .from(auditEvents)
      .where(eq(auditEvents.objectId, person.id));
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'auth.sign_in_locked', outcome: 'denied' },
        { action: 'auth.sign_in_link_sent', outcome: 'success' },
        { action: 'auth.sign_in_link', outcome: 'success' },
      ]),
    );
  });

  it('with two-factor on, the password with an authenticator code signs in from a new browser; the password alone does not', async () => {
    const person = await createUser(t);
    const key = await enrolTwoFactor(await signIn(t.app, person.email));
    await strangersTry(person.email, '198.51.101');

    const newAddress = '192.0.2.78';
    // One code for the whole test: worked out again, it could be the next period's (also accepted) on a slow run.
    const code = codeFor(key, 1);
    expect(errorOf(await signInFrom(t.app, newAddress, person.email, PASSWORD)).code).toBe('errors.signInProofRequired');
    const wrongCode = await withCode(newAddress, person.email, PASSWORD, otherThan(code));
    expect(wrongCode.statusCode).toBe(401);
    expect(errorOf(wrongCode).code).toBe('errors.incorrectPasswordOrCode');
    // A wrong password with the right code gets the same answer: the password cannot be guessed through this door.
    const wrongPassword = await withCode(newAddress, person.email, 'Not-the-password-1', code);
    expect(errorOf(wrongPassword)).toEqual(errorOf(wrongCode));

    const both = await withCode(newAddress, person.email, PASSWORD, code);
    expect(both.statusCode, both.body).toBe(200);
    expect(ZSignInResponse.parse(both.json()).session?.user.id).toBe(person.id);
    // The same code does not sign in twice.
    expect((await withCode('192.0.2.79', person.email, PASSWORD, code)).statusCode).toBe(401);

    // An e-mailed link does not replace the second factor: it makes the browser known, and the password and a code
    // then follow as on any known browser.
    const asked = await askForLink('192.0.2.80', person.email);
    const token = tokenOf((await latestEmailTo(t.app, person.email, /sign-in link/i)).text);
    const used = await useLink('192.0.2.80', token, linkCookie(asked));
    expect(used.statusCode, used.body).toBe(200);
    expect(ZSessionResponse.parse(used.json()).session).toBeNull();
    const knownDevice = cookiesFrom(used);
    const passwordStep = await signInFrom(t.app, '192.0.2.80', person.email, PASSWORD, { cookie: knownDevice });
    expect(ZSignInResponse.parse(passwordStep.json())).toEqual({ session: null, twoFactorRequired: true });
  });

  it('answers a link request for an address with no account exactly as for a real one, and limits the requests', async () => {
    const person = await createUser(t);
    const nobody = uniqueEmail('nobody');
    await Promise.all([strangersTry(person.email, '198.51.102'), strangersTry(nobody, '198.51.103')]);
    // The refusal after the strangers' tries is the same for an address that names nobody.
    const forPerson = await signInFrom(t.app, '192.0.2.90', person.email, PASSWORD);
    const forNobody = await signInFrom(t.app, '192.0.2.90', nobody, PASSWORD);
    expect([forNobody.statusCode, errorOf(forNobody)]).toEqual([forPerson.statusCode, errorOf(forPerson)]);

    const real = await askForLink('192.0.2.91', person.email, '', 'fr');
    const unknown = await askForLink('192.0.2.92', nobody, '', 'fr');
    expect([unknown.statusCode, unknown.json()]).toEqual([real.statusCode, real.json()]);
    expect(unknown.cookies.map((c) => [c.name, c.maxAge])).toEqual(real.cookies.map((c) => [c.name, c.maxAge]));
    // A made-up token is refused like a spent one.
    expect(errorOf(await useLink('192.0.2.92', 'x'.repeat(43), linkCookie(unknown))).code).toBe('errors.signInLinkInvalid');

    // One address may ask five times in 15 minutes.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await askForLink('192.0.2.93', uniqueEmail())).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('an address that fails across many accounts is slowed quickly; the people it tried still sign in from elsewhere', async () => {
    const people = await Promise.all(Array.from({ length: 7 }, () => createUser(t)));
    const stuffer = '198.51.104.7';
    const statuses: number[] = [];
    for (const person of people) statuses.push((await signInFrom(t.app, stuffer, person.email, 'Leaked-password-1')).statusCode);
    // Five accounts are free from one address in a day; the sixth failure starts the waits.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    // Even a right password waits at that address; the person is not slowed anywhere else.
    expect((await signInFrom(t.app, stuffer, people[6]!.email, PASSWORD)).statusCode).toBe(429);
    expect((await signInFrom(t.app, '192.0.2.95', people[6]!.email, PASSWORD)).statusCode).toBe(200);
    const locked = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.sign_in_locked'), eq(auditEvents.ip, stuffer)));
    expect(locked.length).toBeGreaterThan(0);
  });
});

/** The code an authenticator app shows for this key, `stepsAhead` periods of 30 s from now. */
const codeFor = (key: string, stepsAhead = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

async function enrolTwoFactor(cookie: string): Promise<string> {
  const started = await callApi(t.app, 'POST', '/api/two-factor/enrol', { cookie, payload: { password: PASSWORD } });
  const { key } = ZTwoFactorEnrolResponse.parse(started.json());
  const confirmed = await callApi(t.app, 'POST', '/api/two-factor/confirm', { cookie, payload: { code: codeFor(key) } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return key;
}

const withCode = (address: string, identifier: string, password: string, code: string) =>
  callApi(t.app, 'POST', '/api/auth/sign-in', { payload: { identifier, password, code }, remoteAddress: address });
