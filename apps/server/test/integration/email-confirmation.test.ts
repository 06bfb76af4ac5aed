import { ZApiError, ZSessionResponse } from '@faxline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  TEST_ORIGIN,
  cookiesFrom,
  latestEmailTo,
  linkIn,
  openTestApp,
  someClientAddress,
  uniqueEmail,
  type TestApp,
} from '../support/test-app';

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
    const signUp = await post('/api/auth/sign-up', { name: 'Katherine Johnson', email, password: GOOD_PASSWORD, language: 'es' });
    expect(signUp.statusCode, signUp.body).toBe(200);
    expect(signUp.json()).toEqual({ requiresConfirmation: true });
    expect(signUp.cookies.filter((c) => c.name.includes('session_token') && c.value)).toEqual([]);

    const early = await post('/api/auth/sign-in', { identifier: email, password: GOOD_PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(ZApiError.parse(early.json()).error.type).toBe('email_not_confirmed');

    const mail = await latestEmailTo(t.app, email);
    expect(mail.subject).toBe('Confirme su dirección de correo electrónico de Faxline');
    const link = linkIn(mail.text);
    expect(link.pathname).toBe('/api/better-auth/verify-email');

    const confirmed = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/');
    const cookie = cookiesFrom(confirmed);
    const session = ZSessionResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json(),
    ).session;
    expect(session?.user).toMatchObject({ email, emailVerified: true });

    expect((await post('/api/auth/sign-in', { identifier: email, password: GOOD_PASSWORD })).statusCode).toBe(200);
  });

  it('resends the confirmation, and says the same for an unknown address', async () => {
    const email = uniqueEmail();
    await post('/api/auth/sign-up', { name: 'Dorothy Vaughan', email, password: GOOD_PASSWORD });
    const known = await post('/api/auth/resend-confirmation', { email });
    const unknown = await post('/api/auth/resend-confirmation', { email: uniqueEmail() });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual(unknown.json());
  });
});
