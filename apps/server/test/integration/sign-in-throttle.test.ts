import { ZApiError, ZSignInResponse } from '@faxline/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@test-support/factories/accounts';
import { PASSWORD, unique } from '@test-support/factories/values';
import { errorOf, openTestApp, signInFrom, type TestApp } from '../support/test-app';

// The per-address request limit (sign-in: 10 a minute, accounts.test.ts) is scaled out of the way here: these tests
// are about the sign-in delays behind it (auth/sign-in-throttle.ts, docs/decisions/024 and 069).
let t: TestApp;
beforeAll(async () => {
  t = await openTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
});
afterAll(() => t.close());

describe('sign-in that cannot be used against its owner', () => {
  const knownDeviceCookie = (response: LightMyRequestResponse) => {
    const cookie = response.cookies.find((c) => c.name === 'faxline.known_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    expect(cookie!.maxAge).toBeGreaterThan(365 * 24 * 3600);
    return `${cookie!.name}=${cookie!.value}`;
  };
  const failFiftyTimes = async (identifier: string, addressFor: (attempt: number) => string) => {
    const statuses: Record<number, number> = {};
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const { statusCode } = await signInFrom(t.app, addressFor(attempt), identifier, `Guess-number-${attempt}`);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    }
    return statuses;
  };

  it('50 failures from one address slow that address only: the admin signs in from another, and from a known device there', async () => {
    const admin = await createUser(t, { platformRole: 'admin' });
    const attacker = '192.0.2.66';
    // The admin signed in from this browser before (at another address): it is a known device.
    const device = knownDeviceCookie(await signInFrom(t.app, '192.0.2.10', admin.email, PASSWORD));

    // Five passwords checked, then the address waits (15 s, doubling): not one more guess gets through.
    expect(await failFiftyTimes(admin.email, () => attacker)).toEqual({ 401: 5, 429: 45 });

    // The attacking address is slowed, even with the right password, in the caller's language.
    const slowed = await signInFrom(t.app, attacker, admin.email, PASSWORD, { 'accept-language': 'fr' });
    expect(slowed.statusCode).toBe(429);
    expect(ZApiError.parse(slowed.json()).error).toMatchObject({ type: 'rate_limited' });
    expect(ZApiError.parse(slowed.json()).error.message).toMatch(
      /^Trop de tentatives de connexion échouées\. Veuillez patienter \d+ secondes, puis réessayer\.$/,
    );
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);

    const elsewhere = await signInFrom(t.app, '192.0.2.200', admin.email, PASSWORD);
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const knownHere = await signInFrom(t.app, attacker, admin.email, PASSWORD, { cookie: device });
    expect(knownHere.statusCode, knownHere.body).toBe(200);
    expect(ZSignInResponse.parse(knownHere.json()).session?.user.platformRole).toBe('Admin');
  });

  it("failures spread over many addresses stop new browsers' passwords only: a known device still signs in; another person's does not", async () => {
    const person = await createUser(t);
    const stranger = await createUser(t);
    const device = knownDeviceCookie(await signInFrom(t.app, '192.0.2.11', person.email, PASSWORD));
    const strangersDevice = knownDeviceCookie(await signInFrom(t.app, '192.0.2.12', stranger.email, PASSWORD));

    // 20 passwords are checked for the account across addresses; then a new browser must prove the account is the
    // person's (an e-mailed link, or the password with a code: sign-in-lockout.test.ts), and no password is checked.
    const proofRequired = (response: LightMyRequestResponse) =>
      response.statusCode === 401 && errorOf(response).code === 'errors.signInProofRequired';
    let checked = 0;
    let refusedUnchecked = 0;
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const response = await signInFrom(t.app, `192.0.2.${100 + attempt}`, person.email, `Guess-number-${attempt}`);
      if (proofRequired(response)) refusedUnchecked += 1;
      else if (response.statusCode === 401) checked += 1;
    }
    expect({ checked, refusedUnchecked }).toEqual({ checked: 20, refusedUnchecked: 30 });

    expect(proofRequired(await signInFrom(t.app, '192.0.2.201', person.email, PASSWORD))).toBe(true);
    expect(proofRequired(await signInFrom(t.app, '192.0.2.202', person.email, PASSWORD, { cookie: strangersDevice }))).toBe(true);
    const tampered = device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(proofRequired(await signInFrom(t.app, '192.0.2.203', person.email, PASSWORD, { cookie: tampered }))).toBe(true);
    expect((await signInFrom(t.app, '192.0.2.204', person.email, PASSWORD, { cookie: device })).statusCode).toBe(200);
  });

  it('counts an e-mail address and a username of one person together', async () => {
    const person = await createUser(t, { username: unique('desk') });
    for (let attempt = 0; attempt < 3; attempt += 1) await signInFrom(t.app, '192.0.2.30', person.email, `Wrong-${attempt}-password`);
    for (let attempt = 0; attempt < 2; attempt += 1) await signInFrom(t.app, '192.0.2.30', person.username!, `Wrong-${attempt}-password`);
    expect((await signInFrom(t.app, '192.0.2.30', person.email, PASSWORD)).statusCode).toBe(429);
  });
});
