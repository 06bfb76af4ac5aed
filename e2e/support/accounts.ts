import type { APIRequestContext, Browser, BrowserContext } from 'playwright-core';
import { expect, inject } from 'vitest';
import { PASSWORD, uniqueEmail } from '@test-support/factories/values';
import { newContext } from './browser';

/** Same-origin writes need the page's Origin, as a browser sends it. */
const originOf = (_context: BrowserContext) => ({ origin: inject('baseUrl') });

/**
 * A confirmed person with a session in this browser context, made through the API rather than by clicking through
 * the forms (one test does click through them): sign up, follow the e-mailed link, and the context holds the cookie.
 */
export async function signedInPerson(context: BrowserContext, name = 'Test Person') {
  const email = uniqueEmail();
  const signUp = await context.request.post('/api/auth/sign-up', { data: { name, email, password: PASSWORD }, headers: originOf(context) });
  expect(signUp.status()).toBe(200);
  const link = await emailedLink(context.request, email, /Confirm/);
  const confirmed = await context.request.get(link.pathname + link.search);
  expect(confirmed.ok()).toBe(true);
  return { name, email, password: PASSWORD };
}

/**
 * The account of the person signed in to `context` pays for the plan `slug` monthly, bought as its owner buys one on
 * /user/billing: the checkout, the test card on the Stripe simulator's page (the e2e server runs billing in test mode),
 * and the plan in force once Stripe's webhook has said so. Sub-users, the API and webhooks need a plan that includes
 * them (decision 087). Answers where the simulator is, for a test that plays Stripe's dashboard there.
 */
export async function onPlan(context: BrowserContext, slug: string): Promise<{ simulator: URL }> {
  const catalogue = (await (await context.request.get('/api/plans')).json()) as { plans: { id: string; slug: string }[] };
  const plan = catalogue.plans.find((candidate) => candidate.slug === slug);
  if (!plan) throw new Error(`no plan ${slug} in the catalogue`);
  const checkout = await context.request.post('/api/billing/checkout', {
    headers: originOf(context),
    data: { planId: plan.id, interval: 'month' },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await context.request.post(`${url}/pay`, { form: { outcome: 'succeed' }, maxRedirects: 0 });
  expect(paid.status(), await paid.text()).toBe(303);
  await expect
    .poll(
      async () =>
        ((await (await context.request.get('/api/billing')).json()) as { subscription: { planId: string } | null }).subscription?.planId,
      {
        timeout: 20_000,
      },
    )
    .toBe(plan.id);
  return { simulator: new URL(new URL(url).origin) };
}

/** The new login a member's invitation asks for (POST /api/account/members). */
export type MemberToAdd = { name: string; username: string; email: string; role: 'User' | 'Admin' | 'Billing'; enable2fa?: boolean };

/**
 * A member added to the account of the person signed in to `owner`, as the members page adds one: invited through the
 * API, then accepted with the button of the page the e-mailed link opens (decision 068).
 */
export async function addMember(owner: BrowserContext, member: MemberToAdd) {
  const invited = await owner.request.post('/api/account/members', {
    headers: originOf(owner),
    data: { enable2fa: false, ...member, password: PASSWORD },
  });
  expect(invited.status(), await invited.text()).toBe(202);
  await acceptInvitation(owner.request, member.email);
}

/** Accepts the invitation e-mailed to the address, as its owner does: the link's page, then its button. */
export async function acceptInvitation(request: APIRequestContext, email: string) {
  const link = await emailedLink(request, email, /invited you/);
  const asked = await request.get(link.pathname + link.search);
  expect(asked.status(), await asked.text()).toBe(200);
  const accepted = await request.post(link.pathname + link.search, { form: {}, headers: { origin: inject('baseUrl') } });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

/**
 * A member with a role in the account of the person signed in to `owner`, added as a sub-admin adds one, and signed
 * in to `member` with their username.
 */
export async function signedInMember(owner: BrowserContext, member: BrowserContext, role: 'User' | 'Admin' | 'Billing', name = 'Uma User') {
  const username = `${role.toLowerCase()}.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  await addMember(owner, { name, username, email: uniqueEmail(role.toLowerCase()), role });
  const signIn = await member.request.post('/api/auth/sign-in', {
    headers: originOf(member),
    data: { identifier: username, password: PASSWORD },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return { name, username, password: PASSWORD };
}

/** Waits for an e-mail to the address in the local mailbox and returns the link in it. */
export async function emailedLink(request: APIRequestContext, to: string, subject: RegExp): Promise<URL> {
  let link: URL | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        const { messages } = (await response.json()) as { messages: Array<{ subject: string; text: string }> };
        const text = messages.find((m) => subject.test(m.subject))?.text;
        const url = text?.match(/https?:\/\/\S+/)?.[0];
        link = url ? new URL(url) : undefined;
        return Boolean(link);
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  return link!;
}

/** The back-office access of the run's first platform admin (global-setup.ts), asked for once per test file. */
let operatorAccess: Promise<string> | undefined;
async function signInOperator(): Promise<string> {
  const baseUrl = inject('baseUrl');
  const response = await fetch(`${baseUrl}/api/admin-access`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(inject('operator')),
  });
  expect(response.status, await response.text()).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * A platform admin of its own for a test, added by the run's first admin (made with the operators' own command,
 * `npm run admin:create`, in global-setup.ts) through the back office's Add User with the role Admin.
 */
export async function createPlatformAdmin(): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('admin');
  const baseUrl = inject('baseUrl');
  const response = await fetch(`${baseUrl}/api/admin/users`, {
    method: 'POST',
    headers: { cookie: await (operatorAccess ??= signInOperator()), origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Test Admin', email, password: PASSWORD, confirmPassword: PASSWORD, role: 'Admin' }),
  });
  expect(response.status, await response.text()).toBe(201);
  return { email, password: PASSWORD };
}

/**
 * A new browser context holding a platform admin's back-office access, given by the admin login's API rather than by
 * clicking through the page (admin-login.test.ts does).
 */
export async function adminContext(browser: Pick<Browser, 'newContext'>): Promise<BrowserContext> {
  const { email, password } = await createPlatformAdmin();
  const context = await newContext(browser);
  const access = await context.request.post('/api/admin-access', { data: { email, password }, headers: originOf(context) });
  expect(access.status(), await access.text()).toBe(200);
  return context;
}
