import { DEFAULT_SYSTEM_SETTINGS, ZSsoSettingsResponse, type TSsoConnectionChange } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { PASSWORD, unique } from '@test-support/factories/values';
import { startOidcIdentityProvider, type OidcIdentityProvider } from '@test-support/identity-providers/oidc-identity-provider';
import { startSamlIdentityProvider, type SamlIdentityProvider } from '@test-support/identity-providers/saml-identity-provider';
import { accountMembers } from '../../src/accounts/schema';
import { auditEvents } from '../../src/audit/schema';
import { users } from '../../src/auth/schema';
import { testDnsResolver } from '../support/test-dns';
import {
  adminSession,
  callApi,
  cookiesFrom,
  errorOf,
  openTestApp,
  signIn,
  signInFrom,
  someClientAddress,
  type TestApp,
} from '../support/test-app';

// The domains' TXT records, as the test publishes them: read at each look-up.
const DNS: Record<string, string[][]> = {};
const resolver = testDnsResolver(DNS);
let t: TestApp;
let oidcIdp: OidcIdentityProvider;
let samlIdp: SamlIdentityProvider;
let adminCookie: string;

const setPlatformSso = async (on: boolean) => {
  const saved = await callApi(t.app, 'PUT', '/api/admin/settings', {
    cookie: adminCookie,
    payload: { values: { ...DEFAULT_SYSTEM_SETTINGS, ssoEnabled: on } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
};

beforeAll(async () => {
  t = await openTestApp({ env: { RATE_LIMIT_FACTOR: '100' }, resolveTxt: (name) => resolver(name, 'TXT') });
  ({ cookie: adminCookie } = await adminSession(t));
  await setPlatformSso(true);
  oidcIdp = await startOidcIdentityProvider({ redirectUris: [`${t.config.publicUrl}/api/sso/oidc/callback`] });
  samlIdp = await startSamlIdentityProvider();
}, 60_000);
afterAll(async () => {
  await oidcIdp?.close();
  await samlIdp?.close();
  await t?.close();
});

/** An account on a plan with room for people, its owner signed in, with a domain of its own proven through the test DNS. */
async function organisation(connection: (domain: string) => TSsoConnectionChange) {
  const domain = `${unique('hospital')}.test`;
  const account = await createAccount(t, { plan: { slug: 'enterprise' }, owner: { email: `owner@${domain}` } });
  const cookie = await signIn(t.app, account.owner.email);
  const added = await callApi(t.app, 'POST', '/api/sso/domains', { cookie, payload: { domain } });
  const record = ZSsoSettingsResponse.parse(added.json()).domains[0]!.record;
  DNS[`TXT:${domain}`] = [['v=spf1 -all'], [record]];
  const verified = await callApi(t.app, 'POST', `/api/sso/domains/${domain}/verify`, { cookie });
  expect(verified.statusCode, verified.body).toBe(200);
  const saved = await callApi(t.app, 'PUT', '/api/sso/connection', { cookie, payload: connection(domain) });
  expect(saved.statusCode, saved.body).toBe(200);
  return { domain, account, cookie };
}

const oidcConnection = (change: Partial<TSsoConnectionChange> = {}): TSsoConnectionChange => ({
  protocol: 'oidc',
  oidcIssuer: oidcIdp.issuer,
  oidcClientId: oidcIdp.clientId,
  oidcClientSecret: oidcIdp.clientSecret,
  defaultRole: 'user',
  required: false,
  ...change,
});

/** Follows the identity provider's redirects as a browser would (its own cookies kept) until it sends the browser back to us. */
async function throughProvider(start: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(start);
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.href.startsWith(t.config.publicUrl)) return url;
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      jar.set(name, value);
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`The provider answered ${response.status} without a redirect: ${await response.text()}`);
    url = new URL(location, url);
  }
  throw new Error('Too many redirects at the identity provider');
}

const redirectOf = (response: LightMyRequestResponse) => new URL(String(response.headers.location), t.config.publicUrl);

/** A whole OIDC sign-in of `email` in a browser of its own: the callback's answer, and the cookies it set. */
async function oidcSignIn(email: string) {
  oidcIdp.signInAs({ email, name: 'Nadia Nurse' });
  const started = await callApi(t.app, 'GET', `/api/sso/start?email=${encodeURIComponent(email)}`);
  expect(started.statusCode, started.body).toBe(303);
  const back = await throughProvider(String(started.headers.location));
  const answered = await callApi(t.app, 'GET', back.pathname + back.search, { cookie: cookiesFrom(started) });
  return answered;
}

const auditOf = (accountId: string, action: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, action)));

describe('proving an e-mail domain', () => {
  it('asks for a TXT record, finds it through the resolver, and lets one account only hold the domain', async () => {
    const domain = `${unique('clinic')}.test`;
    const first = await createAccount(t);
    const cookie = await signIn(t.app, first.owner.email);
    const added = await callApi(t.app, 'POST', '/api/sso/domains', { cookie, payload: { domain: domain.toUpperCase() } });
    expect(added.statusCode, added.body).toBe(200);
    const [named] = ZSsoSettingsResponse.parse(added.json()).domains;
    expect(named).toMatchObject({ domain, verifiedAt: null });
    expect(named!.record).toMatch(/^faxline-verification=[A-Za-z0-9_-]{32}$/);

    const notYet = await callApi(t.app, 'POST', `/api/sso/domains/${domain}/verify`, { cookie, language: 'fr' });
    expect(notYet.statusCode).toBe(422);
    expect(errorOf(notYet)).toMatchObject({ code: 'sso.domainNotProven' });
    expect(errorOf(notYet).message).toContain('introuvable');

    // A long value comes in pieces: joined, they are the record.
    DNS[`TXT:${domain}`] = [[named!.record.slice(0, 20), named!.record.slice(20)]];
    const proven = await callApi(t.app, 'POST', `/api/sso/domains/${domain}/verify`, { cookie });
    expect(ZSsoSettingsResponse.parse(proven.json()).domains[0]!.verifiedAt).not.toBeNull();
    expect(await auditOf(first.id, 'sso.domain_verified')).toHaveLength(2);

    const second = await createAccount(t);
    const other = await signIn(t.app, second.owner.email);
    const taken = await callApi(t.app, 'POST', '/api/sso/domains', { cookie: other, payload: { domain } });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).code).toBe('sso.domainTaken');
  });

  it('is the owner’s: a sub-admin is refused, and a bad domain is a translated 400', async () => {
    const account = await createAccount(t, { plan: { slug: 'enterprise' }, members: [{ role: 'admin' }] });
    const admin = await signIn(t.app, account.members[0]!.email);
    expect((await callApi(t.app, 'GET', '/api/sso', { cookie: admin })).statusCode).toBe(403);
    const owner = await signIn(t.app, account.owner.email);
    const bad = await callApi(t.app, 'POST', '/api/sso/domains', { cookie: owner, payload: { domain: 'not a domain' }, language: 'es' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toContain('Introduzca un nombre de dominio como example.com.');
  });
});

describe('signing in through OpenID Connect', () => {
  it('joins a new person just in time with the chosen role, and signs them in again later', async () => {
    const { domain, account } = await organisation(() => oidcConnection({ defaultRole: 'billing' }));
    expect((await callApi(t.app, 'GET', `/api/sso/discover?email=someone@${domain}`)).json()).toEqual({ sso: true });
    expect((await callApi(t.app, 'GET', `/api/sso/discover?email=someone@elsewhere-${domain}`)).json()).toEqual({ sso: false });

    const email = `nadia@${domain}`;
    const answered = await oidcSignIn(email);
    expect(answered.statusCode, answered.body).toBe(303);
    expect(redirectOf(answered).pathname).toBe('/user/dashboard');
    const session = await callApi(t.app, 'GET', '/api/auth/session', { cookie: cookiesFrom(answered) });
    expect(session.json()).toMatchObject({ session: { user: { email, name: 'Nadia Nurse' } } });
    const [person] = await t.db.select().from(users).where(eq(users.email, email));
    const [member] = await t.db.select().from(accountMembers).where(eq(accountMembers.userId, person!.id));
    expect(member).toMatchObject({ organizationId: account.id, role: 'billing' });
    expect(await auditOf(account.id, 'sso.joined')).toHaveLength(1);

    const again = await oidcSignIn(email);
    expect(again.statusCode).toBe(303);
    expect(redirectOf(again).pathname).toBe('/user/dashboard');
    expect(await auditOf(account.id, 'sso.joined')).toHaveLength(1);
    expect(await auditOf(account.id, 'sso.sign_in')).toHaveLength(2);
  });

  it('refuses an answer without its browser, a provider’s error, an address of another domain, and a person of another account', async () => {
    const { domain, account } = await organisation(() => oidcConnection());
    oidcIdp.signInAs({ email: `ines@${domain}` });
    const started = await callApi(t.app, 'GET', `/api/sso/start?email=ines@${domain}`);
    const back = await throughProvider(String(started.headers.location));
    // Brought to another browser (no cookie of the start): nothing found.
    const elsewhere = await callApi(t.app, 'GET', back.pathname + back.search);
    expect(redirectOf(elsewhere).search).toBe('?sso=expired');
    // The request was not spent by that: the right browser still finishes it, once.
    const right = await callApi(t.app, 'GET', back.pathname + back.search, { cookie: cookiesFrom(started) });
    expect(redirectOf(right).pathname).toBe('/user/dashboard');
    const twice = await callApi(t.app, 'GET', back.pathname + back.search, { cookie: cookiesFrom(started) });
    expect(redirectOf(twice).search).toBe('?sso=expired');

    const refused = await callApi(t.app, 'GET', `/api/sso/start?email=x@${domain}`);
    const state = new URL(String(refused.headers.location)).searchParams.get('state');
    const denied = await callApi(t.app, 'GET', `/api/sso/oidc/callback?error=access_denied&state=${state}`, {
      cookie: cookiesFrom(refused),
    });
    expect(redirectOf(denied).search).toBe('?sso=invalid_response');

    // The provider vouches for an address outside the account's proven domains.
    oidcIdp.signInAs({ email: `mallory@${unique('other')}.test` });
    const outside = await callApi(t.app, 'GET', `/api/sso/start?email=x@${domain}`);
    const outsideBack = await throughProvider(String(outside.headers.location));
    const wrong = await callApi(t.app, 'GET', outsideBack.pathname + outsideBack.search, { cookie: cookiesFrom(outside) });
    expect(redirectOf(wrong).search).toBe('?sso=wrong_domain');

    // Someone of the domain who already has an account of their own.
    const elsewhereAccount = await createAccount(t, { owner: { email: `solo@${domain}` } });
    const other = await oidcSignIn(elsewhereAccount.owner.email);
    expect(redirectOf(other).search).toBe('?sso=other_account');

    const reasons = (
      await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.accountId, account.id), eq(auditEvents.outcome, 'denied')))
    )
      .map((row) => (row.details as { reason: string }).reason)
      .sort();
    // An answer that found no request of ours is not known to be this account's (its refusal is audited without one).
    expect(reasons).toEqual(['invalid_response', 'other_account', 'wrong_domain']);
  });
});

describe('single sign-on required', () => {
  it('refuses a password sign-in and a sign-in link of the domain, but keeps an audited break-glass for owners', async () => {
    const { domain, account, cookie } = await organisation(() => oidcConnection({ defaultRole: 'user' }));
    const joined = await oidcSignIn(`paul@${domain}`);
    expect(joined.statusCode).toBe(303);
    const required = await callApi(t.app, 'PUT', '/api/sso/connection', {
      cookie,
      payload: oidcConnection({ oidcClientSecret: undefined, required: true }),
    });
    expect(required.statusCode, required.body).toBe(200);

    // Refused before any password is looked at, so the answer is the same for a person with one or without.
    const refused = await signInFrom(t.app, someClientAddress(), `paul@${domain}`, PASSWORD, { 'accept-language': 'fr' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'sso.useSso' });
    expect(errorOf(refused).message).toContain('Continuer avec SSO');
    // Whether or not the address has a person: the same refusal.
    const nobody = await signInFrom(t.app, someClientAddress(), `nobody@${domain}`, 'wrong-password');
    expect(errorOf(nobody).code).toBe('sso.useSso');
    const link = await callApi(t.app, 'POST', '/api/auth/sign-in-link', { payload: { identifier: `paul@${domain}` } });
    expect(errorOf(link).code).toBe('sso.useSso');
    // Nor can someone of the domain open an account of their own with a password.
    const signUp = await callApi(t.app, 'POST', '/api/auth/sign-up', {
      payload: { name: 'New Nurse', email: `new@${domain}`, password: 'A-long-unusual-passphrase-77' },
    });
    expect(signUp.statusCode).toBe(403);
    expect(errorOf(signUp).code).toBe('sso.useSso');

    const owner = await signInFrom(t.app, someClientAddress(), account.owner.email, PASSWORD);
    expect(owner.statusCode, owner.body).toBe(200);
    const breakGlass = await auditOf(account.id, 'sso.break_glass_sign_in');
    expect(breakGlass).toHaveLength(1);
    expect(breakGlass[0]).toMatchObject({ actorUserId: account.owner.id, outcome: 'success' });
    // A wrong password of the owner is no break-glass sign-in.
    expect((await signInFrom(t.app, someClientAddress(), account.owner.email, 'not-the-password')).statusCode).toBe(401);
    expect(await auditOf(account.id, 'sso.break_glass_sign_in')).toHaveLength(1);
  });

  it('follows the platform switch: off, no sign-in is offered, nothing may be connected, and passwords work again', async () => {
    const { domain, cookie } = await organisation(() => oidcConnection({ required: true }));
    await setPlatformSso(false);
    try {
      expect((await callApi(t.app, 'GET', `/api/sso/discover?email=a@${domain}`)).json()).toEqual({ sso: false });
      const start = await callApi(t.app, 'GET', `/api/sso/start?email=a@${domain}`);
      expect(redirectOf(start).search).toBe('?sso=unavailable');
      const save = await callApi(t.app, 'PUT', '/api/sso/connection', { cookie, payload: oidcConnection() });
      expect(errorOf(save).code).toBe('sso.platformDisabled');
      expect(ZSsoSettingsResponse.parse((await callApi(t.app, 'GET', '/api/sso', { cookie })).json()).platformEnabled).toBe(false);
      expect(errorOf(await signInFrom(t.app, someClientAddress(), `a@${domain}`, 'x')).code).not.toBe('sso.useSso');
    } finally {
      await setPlatformSso(true);
    }
  });
});

describe('signing in through SAML 2.0', () => {
  const samlConnection = (): TSsoConnectionChange => ({
    protocol: 'saml',
    samlMetadataUrl: samlIdp.metadataUrl,
    defaultRole: 'admin',
    required: false,
  });

  /** The provider's answer to a sign-in started for `email`, as its page would post it. */
  async function samlAnswer(email: string) {
    samlIdp.signInAs({ email, name: 'Sam Surgeon' });
    const started = await callApi(t.app, 'GET', `/api/sso/start?email=${encodeURIComponent(email)}`);
    expect(started.statusCode, started.body).toBe(303);
    const page = await fetch(String(started.headers.location));
    expect(await page.text()).toContain('document.forms[0].submit()');
    return samlIdp.lastForm()!.samlResponse;
  }
  const post = (accountId: string, samlResponse: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/sso/saml/${accountId}/acs`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:1', cookie: 'unrelated=1' },
      payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
    });

  it('reads the metadata, signs in with a signed assertion, and refuses it tampered or replayed', async () => {
    const { domain, account, cookie } = await organisation(samlConnection);
    const settings = ZSsoSettingsResponse.parse((await callApi(t.app, 'GET', '/api/sso', { cookie })).json());
    expect(settings.connection).toMatchObject({ protocol: 'saml', samlEntityId: samlIdp.entityId, samlSsoUrl: samlIdp.ssoUrl });
    expect(settings.connection!.samlCertificate!.subject).toContain('Faxline Test IdP');
    const metadata = await callApi(t.app, 'GET', new URL(settings.serviceProvider.samlMetadataUrl).pathname);
    expect(metadata.body).toContain(`entityID="${settings.serviceProvider.samlEntityId}"`);
    expect(metadata.body).toContain(settings.serviceProvider.samlAcsUrl);

    const email = `sam@${domain}`;
    const response = await samlAnswer(email);
    const accepted = await post(account.id, response);
    expect(accepted.statusCode, accepted.body).toBe(303);
    expect(redirectOf(accepted).pathname).toBe('/user/dashboard');
    const session = await callApi(t.app, 'GET', '/api/auth/session', { cookie: cookiesFrom(accepted) });
    expect(session.json()).toMatchObject({ session: { user: { email, name: 'Sam Surgeon' } } });

    const replayed = await post(account.id, response);
    expect(redirectOf(replayed).search).toBe('?sso=expired');

    // A fresh answer to a new request, but with an assertion already used: the database remembers its ID.
    samlIdp.reuseAssertionIdNext();
    const again = await post(account.id, await samlAnswer(email));
    expect(redirectOf(again).search).toBe('?sso=replayed');

    samlIdp.tamperNext(`owner@${domain}`);
    const tampered = await post(account.id, await samlAnswer(email));
    expect(redirectOf(tampered).search).toBe('?sso=invalid_response');
    // The account's consumer only: the same answer posted to another account's is not for its audience.
    const other = await organisation(samlConnection);
    const stray = await post(other.account.id, await samlAnswer(email));
    expect(redirectOf(stray).search).toMatch(/^\?sso=(expired|invalid_response)$/);
    const denied = (await auditOf(account.id, 'sso.sign_in')).filter((row) => row.outcome === 'denied');
    expect(denied.map((row) => (row.details as { reason: string }).reason).sort()).toEqual(['expired', 'invalid_response', 'replayed']);
  });
});
