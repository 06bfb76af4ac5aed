import { ZApiError, ZSessionResponse, ZSignUpResponse } from '@faxline/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@test-support/factories/accounts';
import { PASSWORD, uniqueEmail } from '@test-support/factories/values';
import { TEST_ORIGIN, cookiesFrom, latestEmailTo, linkIn, openTestApp, someClientAddress, type TestApp } from '../support/test-app';

// E-mail confirmation on (the default outside development).
let t: TestApp;
beforeAll(async () => {
  t = await openTestApp({ env: { EMAIL_CONFIRMATION: 'true' } });
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN }, remoteAddress: someClientAddress() });

describe('sign-up with e-mail confirmation', () => {
  it('asks to confirm, refuses sign-in until then, and the e-mailed link confirms and signs in', async () => {
    const email = uniqueEmail();
    const signUp = await post('/api/auth/sign-up', { name: 'Katherine Johnson', email, password: PASSWORD, language: 'es' });
    expect(signUp.statusCode, signUp.body).toBe(200);
    expect(signUp.json()).toEqual({ requiresConfirmation: true });
    expect(signUp.cookies.filter((c) => c.name.includes('session_token') && c.value)).toEqual([]);

    const early = await post('/api/auth/sign-in', { identifier: email, password: PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(ZApiError.parse(early.json()).error.type).toBe('email_not_confirmed');

    const mail = await latestEmailTo(t.app, email);
    expect(mail.subject).toBe('Confirme su dirección de correo electrónico de Faxline');
    const link = linkIn(mail.text);
    expect(link.pathname).toBe('/api/better-auth/verify-email');

    const confirmed = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(confirmed.statusCode).toBe(302);
    // The landing page, told to say that the address is confirmed.
    expect(confirmed.headers.location).toBe('/?confirmed=email');
    const cookie = cookiesFrom(confirmed);
    const session = ZSessionResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json(),
    ).session;
    expect(session?.user).toMatchObject({ email, emailVerified: true });

    expect((await post('/api/auth/sign-in', { identifier: email, password: PASSWORD })).statusCode).toBe(200);

    // A link followed again (or cut short) lands there too, with the error for the web app to say it was not valid.
    const broken = await t.app.inject({
      method: 'GET',
      url: `${link.pathname}?token=not-a-token&callbackURL=${encodeURIComponent('/?confirmed=email')}`,
    });
    expect(broken.statusCode).toBe(302);
    expect(new URL(broken.headers.location!, 'http://x').searchParams.get('confirmed')).toBe('email');
    expect(new URL(broken.headers.location!, 'http://x').searchParams.get('error')).toBeTruthy();
  });

  it('carries the page the visitor was on the way to (a plan chosen on /pricing) through the link; another site is a 400', async () => {
    const email = uniqueEmail();
    const next = '/user/billing?plan=professional&interval=year';
    const signUp = await post('/api/auth/sign-up', { name: 'Dorothy Vaughan', email, password: PASSWORD, next });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const link = linkIn((await latestEmailTo(t.app, email)).text);
    const confirmed = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(confirmed.statusCode).toBe(302);
    const landing = new URL(confirmed.headers.location!, 'http://x');
    expect(landing.pathname).toBe('/');
    expect(landing.searchParams.get('confirmed')).toBe('email');
    expect(landing.searchParams.get('next')).toBe(next);

    const elsewhere = uniqueEmail();
    for (const away of ['//evil.example/billing', 'https://evil.example/', '/\\evil.example']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { name: 'Mallory', email: elsewhere, password: PASSWORD, next: away },
        headers: { origin: TEST_ORIGIN, 'accept-language': 'fr' },
        remoteAddress: someClientAddress(),
      });
      expect(refused.statusCode, away).toBe(400);
      expect(ZApiError.parse(refused.json()).error.issues).toEqual([
        { path: 'body.next', message: 'La page ouverte après la confirmation doit être une page de ce site.' },
      ]);
    }
    expect((await post('/api/auth/sign-in', { identifier: elsewhere, password: PASSWORD })).statusCode).toBe(401);
  });

  it('answers an address that has an account exactly as a new one, and e-mails its owner instead', async () => {
    const owner = await createUser(t, { language: 'fr' });
    const headersOf = (response: LightMyRequestResponse) => ({
      status: response.statusCode,
      type: response.headers['content-type'],
      cookies: response.cookies.map((c) => c.name),
    });
    const fresh = await post('/api/auth/sign-up', { name: 'Mary Jackson', email: uniqueEmail(), password: PASSWORD });
    const taken = await post('/api/auth/sign-up', { name: 'Mary Jackson', email: owner.email, password: PASSWORD });
    expect(taken.body).toBe(fresh.body);
    expect(ZSignUpResponse.parse(taken.json())).toEqual({ requiresConfirmation: true });
    expect(headersOf(taken)).toEqual(headersOf(fresh));

    const mail = await latestEmailTo(t.app, owner.email, /Quelqu’un/);
    expect(mail.subject).toBe('Quelqu’un a tenté de créer un compte Faxline avec votre adresse');
    expect(mail.text).toContain('Quelqu’un a tenté de créer un compte Faxline avec votre adresse e-mail.');
    expect(mail.text).toContain(`Si c’était vous, connectez-vous ou réinitialisez votre mot de passe: ${t.config.publicUrl}/sign-in`);
    expect(mail.text).toContain('Sinon, vous pouvez ignorer cet e-mail.');
    // No confirmation link went to the owner: their account is untouched.
    const mailbox = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(owner.email)}` });
    expect((mailbox.json() as { messages: unknown[] }).messages).toHaveLength(1);
  });

  it('resends the confirmation, and says the same for an unknown address', async () => {
    const email = uniqueEmail();
    await post('/api/auth/sign-up', { name: 'Dorothy Vaughan', email, password: PASSWORD });
    const known = await post('/api/auth/resend-confirmation', { email });
    const unknown = await post('/api/auth/resend-confirmation', { email: uniqueEmail() });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual(unknown.json());
  });
});
