import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startDnsServer } from '@test-support/dns-server';
import { unique } from '@test-support/factories/values';
import { startOidcIdentityProvider, type OidcIdentityProvider } from '@test-support/identity-providers/oidc-identity-provider';
import { startSamlIdentityProvider, type SamlIdentityProvider } from '@test-support/identity-providers/saml-identity-provider';
import { adminContext, onPlan, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import {
  overflowOf,
  phonePageOf,
  sameOrigin,
  toast,
  useBrowser,
  useScreenshotsFolder,
  visible,
  wholePageScreenshot,
} from './support/fixtures';

const { browser } = useBrowser();
const screenshots = useScreenshotsFolder('faxline-sso-');
// The TXT records the server finds through its DNS_SERVERS (e2e/support/global-setup.ts).
const dns = new Map<string, string[]>();
let dnsServer: { close(): Promise<void> };
let oidcIdp: OidcIdentityProvider;
let samlIdp: SamlIdentityProvider;
let admin: BrowserContext;

/** The back office's "Single sign-on (SSO)" switch, through its API (the shared server's other tests leave it off). */
async function platformSso(on: boolean) {
  const { values } = (await (await admin.request.get('/api/admin/settings')).json()) as { values: Record<string, unknown> };
  const saved = await admin.request.put('/api/admin/settings', {
    data: { values: { ...values, ssoEnabled: on }, secrets: {} },
    headers: sameOrigin(),
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

beforeAll(async () => {
  dnsServer = await startDnsServer(inject('dnsPort'), dns);
  oidcIdp = await startOidcIdentityProvider({ redirectUris: [`${inject('baseUrl')}/api/sso/oidc/callback`] });
  samlIdp = await startSamlIdentityProvider();
  admin = await adminContext(browser);
  await platformSso(true);
});
afterAll(async () => {
  if (admin) await platformSso(false);
  await admin?.close();
  await Promise.all([dnsServer?.close(), oidcIdp?.close(), samlIdp?.close()]);
});

const accountOf = async (context: BrowserContext) =>
  (await (await context.request.get('/api/account')).json()) as { role: string; id: string };
const sessionEmail = async (context: BrowserContext) =>
  ((await (await context.request.get('/api/auth/session')).json()) as { session: { user: { email: string } } | null }).session?.user.email;

/** Types the address on the sign-in page and follows "Continue with SSO" to wherever the identity provider sends the browser. */
async function continueWithSso(page: Page, email: string) {
  await page.goto('/sign-in');
  await page.getByLabel(/^(Email or username|Correo electrónico o nombre de usuario|Adresse e-mail ou nom d’utilisateur)$/).fill(email);
  const go = page.getByRole('link', { name: /Continue with SSO|Continuar con SSO|Continuer avec SSO/ });
  await visible(go);
  await go.click();
}

describe('single sign-on (issue 38, item 1; decision 106)', () => {
  it('connects an OIDC provider and proves the domain in the settings; a new person joins with the chosen role; SSO required refuses passwords', async () => {
    const domain = `${unique('clinic')}.test`;
    const owner = await newContext(browser);
    await signedInPerson(owner, 'Harbor Hospital');
    await onPlan(owner, 'business');
    const settings = await owner.newPage();
    await settings.goto('/user/settings#sso');
    const section = settings.getByRole('region', { name: 'Single Sign-On (SSO)' });
    await visible(section.getByText(`${inject('baseUrl')}/api/sso/oidc/callback`));

    // The domain, and its proof through DNS.
    await section.getByLabel('Domain', { exact: true }).fill(domain);
    await section.getByRole('button', { name: 'Add domain' }).click();
    const record = section.locator('code', { hasText: 'faxline-verification=' });
    await visible(record);
    await section.getByRole('button', { name: `Verify ${domain}` }).click();
    await visible(toast(settings, 'Not done'));
    dns.set(domain, [(await record.textContent())!]);
    await section.getByRole('button', { name: `Verify ${domain}` }).click();
    await visible(toast(settings, 'Domain verified'));
    await visible(section.getByText('Verified', { exact: true }));

    // The provider, and the role new people get.
    await section.getByLabel('Issuer URL').fill(oidcIdp.issuer);
    await section.getByLabel('Client ID').fill(oidcIdp.clientId);
    await section.getByLabel('Client secret').fill(oidcIdp.clientSecret);
    await section.getByLabel('Role given to new people').selectOption('billing');
    await section.getByRole('button', { name: 'Save identity provider' }).click();
    await visible(toast(settings, 'Identity provider saved'));
    await visible(section.getByText('A secret is kept: leave empty to keep it.'));
    await expectNoAccessibilityViolations(settings);
    await wholePageScreenshot(settings, path.join(screenshots(), 'settings-desktop-en.png'));
    await section.screenshot({ path: path.join(screenshots(), 'settings-section-desktop-en.png') });

    const phoneSettings = await phonePageOf(browser, owner, 'es');
    await phoneSettings.goto('/user/settings#sso');
    const phoneSection = phoneSettings.getByRole('region', { name: 'Inicio de sesión único (SSO)' });
    await visible(phoneSection.getByRole('button', { name: 'Guardar el proveedor de identidad' }));
    expect((await overflowOf(phoneSettings)).offenders).toEqual([]);
    await phoneSection.screenshot({ path: path.join(screenshots(), 'settings-section-phone-es.png') });
    await phoneSettings.context().close();

    // A person of the domain, new to Faxline, signs in through the provider and joins the account as Billing.
    const email = `nadia@${domain}`;
    oidcIdp.signInAs({ email, name: 'Nadia Nurse' });
    const person = await newContext(browser);
    const page = await person.newPage();
    await page.goto('/sign-in');
    await page.getByLabel('Email or username').fill(email);
    await visible(page.getByText(`${domain} signs in through your organisation's identity provider.`));
    await expectNoAccessibilityViolations(page);
    await page.screenshot({ path: path.join(screenshots(), 'sign-in-offer-desktop-en.png') });
    await page.getByRole('link', { name: 'Continue with SSO' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/user/dashboard');
    expect(await sessionEmail(person)).toBe(email);
    expect(await accountOf(person)).toEqual(expect.objectContaining({ role: 'billing', id: (await accountOf(owner)).id }));
    await person.close();

    // Required for everyone of the domain: a password sign-in is refused, in the reader's language.
    await section.getByRole('switch', { name: 'Require single sign-on' }).check();
    await section.getByRole('button', { name: 'Save identity provider' }).click();
    await visible(toast(settings, 'Identity provider saved'));
    const stranger = await newContext(browser, { viewport: 'phone', locale: 'fr' });
    const refused = await stranger.newPage();
    await refused.goto('/sign-in');
    await refused.getByLabel('Adresse e-mail ou nom d’utilisateur').fill(email);
    await visible(refused.getByRole('link', { name: 'Continuer avec SSO' }));
    await refused.getByLabel('Mot de passe', { exact: true }).fill('Some-password-42');
    await refused.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await visible(
      refused
        .getByText(
          `Les personnes de ${domain} se connectent par le fournisseur d'identité de leur organisation : utilisez Continuer avec SSO.`,
        )
        .first(),
    );
    expect(await sessionEmail(stranger)).toBeUndefined();
    await refused.screenshot({ path: path.join(screenshots(), 'sign-in-refused-phone-fr.png') });
    await stranger.close();
    await owner.close();
  });

  it('signs in through a SAML identity provider, and refuses a tampered answer and a replayed one', async () => {
    const domain = `${unique('surgery')}.test`;
    const owner = await newContext(browser);
    await signedInPerson(owner, 'Lakeside Surgery');
    await onPlan(owner, 'business');
    const headers = sameOrigin();
    const added = (await (await owner.request.post('/api/sso/domains', { data: { domain }, headers })).json()) as {
      domains: Array<{ record: string }>;
    };
    dns.set(domain, [added.domains[0]!.record]);
    expect((await owner.request.post(`/api/sso/domains/${domain}/verify`, { headers })).status()).toBe(200);
    const saved = await owner.request.put('/api/sso/connection', {
      data: { protocol: 'saml', samlMetadataUrl: samlIdp.metadataUrl, defaultRole: 'admin', required: false },
      headers,
    });
    expect(saved.status(), await saved.text()).toBe(200);

    const email = `sam@${domain}`;
    samlIdp.signInAs({ email, name: 'Sam Surgeon' });
    const person = await newContext(browser, { viewport: 'phone', locale: 'es' });
    const page = await person.newPage();
    await continueWithSso(page, email);
    // The provider's page posts its signed answer by itself.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/user/dashboard');
    expect(await sessionEmail(person)).toBe(email);
    expect(await accountOf(person)).toEqual(expect.objectContaining({ role: 'admin', id: (await accountOf(owner)).id }));

    // The same answer, posted again: refused.
    const answer = samlIdp.lastForm()!;
    const replay = await newContext(browser);
    const replayPage = await replay.newPage();
    await replayPage.goto('/sign-in');
    await replayPage.evaluate(({ acsUrl, samlResponse }) => {
      const form = Object.assign(document.createElement('form'), { method: 'post', action: acsUrl });
      form.append(Object.assign(document.createElement('input'), { type: 'hidden', name: 'SAMLResponse', value: samlResponse }));
      document.body.append(form);
      form.submit();
    }, answer);
    await expect.poll(() => new URL(replayPage.url()).search).toBe('?sso=expired');
    await visible(replayPage.getByRole('alert').filter({ hasText: 'This sign-in was already used' }));
    expect(await sessionEmail(replay)).toBeUndefined();

    // An answer changed after it was signed (another person's address): refused.
    samlIdp.tamperNext(`chief@${domain}`);
    await continueWithSso(replayPage, email);
    await expect.poll(() => new URL(replayPage.url()).search, { timeout: 15_000 }).toBe('?sso=invalid_response');
    await visible(replayPage.getByRole('alert').filter({ hasText: "The identity provider's answer could not be accepted" }));
    expect(await sessionEmail(replay)).toBeUndefined();
    await expectNoAccessibilityViolations(replayPage);
    await replayPage.screenshot({ path: path.join(screenshots(), 'sign-in-refused-desktop-en.png') });
    await replay.close();
    await person.close();
    await owner.close();
  });
});
