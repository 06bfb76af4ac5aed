import { ZApiError, ZSessionResponse, ZSignUpResponse } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMembers, accounts } from '../../src/accounts/schema';
import { sessions, users } from '../../src/auth/schema';
import { createUser } from '@test-support/factories/accounts';
import { PASSWORD, uniqueEmail } from '@test-support/factories/values';
import {
  TEST_ORIGIN,
  cookiesFrom,
  latestEmailTo,
  linkIn,
  openTestApp,
  signIn,
  signInFrom,
  someClientAddress,
  type TestApp,
} from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp({ env: { EMAIL_CONFIRMATION: 'false' } });
});
afterAll(() => t.close());

const post = (url: string, payload: object, cookie?: string, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: TEST_ORIGIN, 'accept-language': language, ...(cookie ? { cookie } : {}) },
    remoteAddress: someClientAddress(),
  });
const session = async (cookie?: string) =>
  ZSessionResponse.parse((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: cookie ? { cookie } : {} })).json())
    .session;

describe('sign-up without e-mail confirmation', () => {
  it('creates the person, their account with them as owner, and signs them in', async () => {
    const email = uniqueEmail('Sign.Up');
    const response = await post('/api/auth/sign-up', { name: 'Grace Hopper', email, password: PASSWORD, language: 'fr' });
    expect(response.statusCode, response.body).toBe(200);
    expect(ZSignUpResponse.parse(response.json())).toEqual({ requiresConfirmation: false });

    const cookie = cookiesFrom(response);
    const current = await session(cookie);
    expect(current?.user).toMatchObject({
      name: 'Grace Hopper',
      email: email.toLowerCase(),
      language: 'fr',
      platformRole: 'User',
      emailVerified: false,
    });
    const [membership] = await t.db
      .select()
      .from(accountMembers)
      .innerJoin(accounts, eq(accounts.id, accountMembers.organizationId))
      .where(eq(accountMembers.userId, current!.user.id));
    expect(membership?.account_members.role).toBe('owner');
    expect(membership?.accounts.name).toBe('Grace Hopper');

    // A confirmation e-mail goes out anyway, in the person's language, so the address can still be confirmed.
    const mail = await latestEmailTo(t.app, email.toLowerCase());
    expect(mail.subject).toBe('Confirmez votre adresse e-mail Faxline');
  });

  it('answers an address already used (whatever its case) with "check your e-mail", and e-mails its owner instead', async () => {
    const owner = await createUser(t, { language: 'es' });
    const again = await post('/api/auth/sign-up', { name: 'B', email: owner.email.toUpperCase(), password: 'Another-pass-77' });
    expect(again.statusCode).toBe(200);
    expect(ZSignUpResponse.parse(again.json())).toEqual({ requiresConfirmation: true });
    expect(again.cookies.filter((c) => c.name.includes('session_token') && c.value)).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.email, owner.email))).toHaveLength(1);

    const mail = await latestEmailTo(t.app, owner.email, /Alguien/);
    expect(mail.subject).toBe('Alguien intentó crear una cuenta de Faxline con su dirección');
    expect(mail.text).toContain(`Si fue usted, inicie sesión o restablezca su contraseña: ${t.config.publicUrl}/sign-in`);
    // The owner's password is unchanged.
    expect(await signIn(t.app, owner.email)).toContain('session_token');
  });

  it("refuses one of the 10,000 most common passwords, and a short one, in the caller's language", async () => {
    const common = await post('/api/auth/sign-up', { name: 'A', email: uniqueEmail(), password: 'iloveyou' }, undefined, 'es');
    expect(common.statusCode).toBe(400);
    expect(ZApiError.parse(common.json()).error.message).toBe('Esta contraseña es de las más utilizadas y fácil de adivinar. Elija otra.');
    const short = await post('/api/auth/sign-up', { name: 'A', email: uniqueEmail(), password: 'x9!' });
    expect(short.statusCode).toBe(400);
    expect(ZApiError.parse(short.json()).error.issues).toEqual([
      { path: 'body.password', message: 'Password must be at least 8 characters long.' },
    ]);
  });

  it('answers a malformed e-mail with a 400 that changes nothing', async () => {
    const before = await t.db.select().from(users);
    const response = await post('/api/auth/sign-up', { name: 'A', email: 'not-an-address', password: PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(await t.db.select().from(users)).toHaveLength(before.length);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in by e-mail (any case) or by username, with a new session each time', async () => {
    const person = await createUser(t, { username: 'front-desk' });
    const first = await signIn(t.app, person.email.toUpperCase());
    const second = await signIn(t.app, 'Front-Desk');
    const [a, b] = [await session(first), await session(second)];
    expect(a?.user.id).toBe(person.id);
    expect(b?.user.username).toBe('front-desk');
    expect(a?.session.id).not.toBe(b?.session.id);
  });

  it('says the same thing for a wrong password and an unknown address', async () => {
    const person = await createUser(t);
    const wrong = await post('/api/auth/sign-in', { identifier: person.email, password: 'Wrong-password-1' });
    const unknown = await post('/api/auth/sign-in', { identifier: uniqueEmail(), password: 'Wrong-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(ZApiError.parse(wrong.json()).error.message).toBe('Invalid email/username or password.');
  });

  it('signs out on the server: the old cookie no longer works', async () => {
    const person = await createUser(t);
    const cookie = await signIn(t.app, person.email);
    expect((await post('/api/auth/sign-out', {}, cookie)).statusCode).toBe(200);
    expect(await session(cookie)).toBeNull();
    const again = await post('/api/auth/sign-out', {}, cookie);
    expect(again.statusCode).toBe(401);
    expect(ZApiError.parse(again.json()).error.message).toBe('Auth session missing!');
  });

  it('ends a session at its absolute lifetime, however active', async () => {
    const person = await createUser(t);
    const cookie = await signIn(t.app, person.email);
    const current = await session(cookie);
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - (t.config.sessionAbsoluteSeconds + 60) * 1000) })
      .where(eq(sessions.id, current!.session.id));
    expect(await session(cookie)).toBeNull();
  });

  it('sets an http-only, SameSite=Lax session cookie', async () => {
    const person = await createUser(t);
    const response = await post('/api/auth/sign-in', { identifier: person.email, password: PASSWORD });
    const cookie = response.cookies.find((c) => c.name.includes('session_token'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('delays an identifier at one address after repeated failures, then refuses it there for a growing time', async () => {
    const person = await createUser(t);
    const fromOneAddress = (password: string) => signInFrom(t.app, '198.51.100.3', person.email, password);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await fromOneAddress(`Wrong-${i}-password`)).statusCode);
    // Four free failures, the fifth sets a 15 s wait, the sixth is refused without checking the password.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = await fromOneAddress(PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(ZApiError.parse(refused.json()).error.message).toMatch(
      /^Too many failed sign-in attempts\. Please wait \d+ seconds and try again\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('50 wrong passwords against one account within a minute', () => {
  async function attack(addressFor: (attempt: number) => string) {
    const person = await createUser(t);
    const statuses: Record<number, number> = {};
    const codes: Record<string, number> = {};
    const started = Date.now();
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { origin: TEST_ORIGIN },
        payload: { identifier: person.email, password: `Guess-number-${attempt}` },
        remoteAddress: addressFor(attempt),
      });
      statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
      const { code } = ZApiError.parse(response.json()).error;
      codes[code] = (codes[code] ?? 0) + 1;
    }
    return { statuses, codes, seconds: (Date.now() - started) / 1000 };
  }

  it('from one address: 5 passwords checked, 45 refused with 429', async () => {
    const { statuses, seconds } = await attack(() => '198.51.100.7');
    expect(seconds).toBeLessThan(60);
    expect(statuses).toEqual({ 401: 5, 429: 45 });
  });

  // Twenty real password checks (scrypt): seconds alone, more on a busy machine.
  it("from 50 addresses: 20 passwords checked, then new browsers must prove the account is the person's (decision 069)", async () => {
    const { codes } = await attack((attempt) => `198.51.100.${100 + attempt}`);
    expect(codes).toEqual({ 'errors.invalidCredentials': 20, 'errors.signInProofRequired': 30 });
  }, 120_000);
});

describe('password recovery', () => {
  it('sends a single-use link valid one hour; the reset ends every session', async () => {
    const person = await createUser(t);
    const oldSession = await signIn(t.app, person.email);

    const asked = await post('/api/auth/forgot-password', { email: person.email });
    expect(asked.json()).toEqual({ ok: true });
    const unknown = await post('/api/auth/forgot-password', { email: uniqueEmail() });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(asked.json());

    const mail = await latestEmailTo(t.app, person.email, /Reset/);
    const link = linkIn(mail.text);
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token')!;

    expect((await post('/api/auth/reset-password', { token, newPassword: 'A-brand-new-secret-7' })).statusCode).toBe(200);
    expect(await session(oldSession)).toBeNull();
    await signIn(t.app, person.email, 'A-brand-new-secret-7');

    const reused = await post('/api/auth/reset-password', { token, newPassword: 'Another-new-secret-8' });
    expect(reused.statusCode).toBe(400);
    expect(ZApiError.parse(reused.json()).error.message).toBe(
      'This password reset link is invalid or has expired. Please request a new one.',
    );
  });
});

describe('profile', () => {
  it('saves the full name and avatar URL', async () => {
    const person = await createUser(t);
    const cookie = await signIn(t.app, person.email);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { name: 'Ada King', image: 'https://example.com/ada.png' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(ZSessionResponse.parse(response.json()).session?.user).toMatchObject({ name: 'Ada King', image: 'https://example.com/ada.png' });
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { name: 'Ada King', image: '' },
    });
    expect(ZSessionResponse.parse(cleared.json()).session?.user.image).toBeNull();
  });

  it('saves the language picked while signed in (for e-mails), and refuses one it does not offer', async () => {
    const person = await createUser(t);
    const cookie = await signIn(t.app, person.email);
    const put = (language: string, withCookie = cookie) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile/language',
        headers: { cookie: withCookie, origin: TEST_ORIGIN },
        payload: { language },
      });
    expect((await put('fr')).statusCode).toBe(200);
    expect((await session(cookie))?.user.language).toBe('fr');
    expect((await put('de')).statusCode).toBe(400);
    expect((await session(cookie))?.user.language).toBe('fr');
    expect((await put('es', '')).statusCode).toBe(401);
  });

  it('saves the time zone, keeps it when a save leaves it out, clears it with null, and refuses one Intl does not know', async () => {
    const person = await createUser(t);
    const cookie = await signIn(t.app, person.email);
    const patch = (payload: object, language = 'en') =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { cookie, origin: TEST_ORIGIN, 'accept-language': language },
        payload: { name: 'Ada King', image: null, ...payload },
      });
    expect((await session(cookie))?.user.timeZone).toBeNull();

    const saved = await patch({ timeZone: 'America/New_York' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZSessionResponse.parse(saved.json()).session?.user.timeZone).toBe('America/New_York');
    expect((await patch({})).statusCode).toBe(200);
    expect((await session(cookie))?.user.timeZone).toBe('America/New_York');

    const refused = await patch({ timeZone: 'Mars/Olympus' }, 'fr');
    expect(refused.statusCode).toBe(400);
    expect(ZApiError.parse(refused.json()).error.message).toContain('Choisissez un fuseau horaire dans la liste.');
    expect((await session(cookie))?.user.timeZone).toBe('America/New_York');

    expect((await patch({ timeZone: null })).statusCode).toBe(200);
    expect((await session(cookie))?.user.timeZone).toBeNull();
  });

  it('refuses a profile change when signed out', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'X', image: null },
    });
    expect(response.statusCode).toBe(401);
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const person = await createUser(t);
    const here = await signIn(t.app, person.email);
    const elsewhere = await signIn(t.app, person.email);

    const wrong = await post('/api/profile/password', { currentPassword: 'not-it-at-all', newPassword: 'Changed-secret-42' }, here);
    expect(wrong.statusCode).toBe(400);
    expect(ZApiError.parse(wrong.json()).error.message).toBe('Your current password is not correct.');

    const changed = await post('/api/profile/password', { currentPassword: PASSWORD, newPassword: 'Changed-secret-42' }, here);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await session(elsewhere)).toBeNull();
    expect(await session(cookiesFrom(changed))).not.toBeNull();
  });
});

describe('the local mailbox', () => {
  it('lists e-mails as a page outside production', async () => {
    const email = uniqueEmail();
    await post('/api/auth/forgot-password', { email });
    await post('/api/auth/sign-up', { name: 'Mary Jackson', email, password: PASSWORD });
    await latestEmailTo(t.app, email);
    const page = await t.app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(email)}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Confirm your Faxline e-mail address');
    expect(page.body).toMatch(/<a href="http:\/\/localhost:3999\/api\/better-auth\/verify-email\?token=/);
  });
});
