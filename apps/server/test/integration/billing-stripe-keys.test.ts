import type { AddressInfo } from 'node:net';
import { DEFAULT_SYSTEM_SETTINGS, ZBillingResponse, ZCheckoutResponse, ZSystemSettingsResponse } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { billingEvents } from '../../src/billing/schema';
import { startStripeSimulator, type StripeSimulator } from '../../src/billing/stripe-simulator/server';
import { adminSession, callApi, errorOf, openTestApp, signIn, someClientAddress, type TestApp } from '../support/test-app';
import { sellPlanAtStripe } from '../support/stripe-billing';

// The Stripe keys of the back office (decision 085): sealed like the carriers' keys, never shown in clear, in force in
// every process from the save's commit, and set aside whenever the server's environment sets Stripe's keys.

const BACK_OFFICE = { stripeSecretKey: 'sk_test_backoffice1234', stripeWebhookSecret: 'whsec_backofficeabcd' };
const ENVIRONMENT = { secretKey: 'sk_test_environment', webhookSecret: 'whsec_environment' };

let simulator: StripeSimulator;
let stripe: Stripe;
/** A server with no Stripe key in its environment, only Stripe's address (the simulator's). */
let t: TestApp;
/** A second server on the same database whose environment sets Stripe's keys. */
let withEnvironment: TestApp;
let admin: string;
let adminOfEnvironment: string;
let professional: string;

beforeAll(async () => {
  simulator = await startStripeSimulator({ webhookSecret: BACK_OFFICE.stripeWebhookSecret });
  t = await openTestApp({ env: { STRIPE_API_URL: simulator.url } });
  withEnvironment = await openTestApp({
    env: { STRIPE_SECRET_KEY: ENVIRONMENT.secretKey, STRIPE_WEBHOOK_SECRET: ENVIRONMENT.webhookSecret, STRIPE_API_URL: simulator.url },
    sharing: { env: t.env },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  simulator.setWebhookUrl(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/billing/stripe/webhook`);
  stripe = new Stripe('sk_test_anything', { host: '127.0.0.1', port: simulator.port, protocol: 'http' });
  professional = (await sellPlanAtStripe(t.db, stripe, 'professional')).plan.id;
  admin = (await adminSession(t)).cookie;
  adminOfEnvironment = (await adminSession(withEnvironment)).cookie;
}, 120_000);
afterAll(async () => {
  await withEnvironment?.close();
  await t?.close();
  await simulator?.close();
});

const saveSecrets = (app: TestApp, cookie: string, secrets: Record<string, string>) =>
  callApi(app.app, 'PUT', '/api/admin/settings', {
    cookie,
    payload: { values: DEFAULT_SYSTEM_SETTINGS, secrets },
    remoteAddress: someClientAddress(),
  });

/** A webhook as Stripe posts it, signed with `secret`; answers the status Faxline gave it. */
async function postWebhook(app: TestApp, secret: string, id: string): Promise<number> {
  const payload = JSON.stringify({ id, object: 'event', type: 'customer.created', data: { object: { id: 'cus_x', object: 'customer' } } });
  const answer = await app.app.inject({
    method: 'POST',
    url: '/api/billing/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    payload,
  });
  return answer.statusCode;
}

describe("the back office's Stripe keys", () => {
  it("are refused unless both are given in Stripe's formats, and a refusal changes nothing", async () => {
    const cases = [
      [{ stripeSecretKey: BACK_OFFICE.stripeSecretKey }, 'errors.stripeSettingsIncomplete', 'body.secrets.stripeWebhookSecret'],
      [{ stripeWebhookSecret: BACK_OFFICE.stripeWebhookSecret }, 'errors.stripeSettingsIncomplete', 'body.secrets.stripeSecretKey'],
      [{ ...BACK_OFFICE, stripeSecretKey: 'pk_test_publishable' }, 'errors.stripeSecretKeyFormat', 'body.secrets.stripeSecretKey'],
      [{ ...BACK_OFFICE, stripeWebhookSecret: 'secret' }, 'errors.stripeWebhookSecretFormat', 'body.secrets.stripeWebhookSecret'],
    ] as const;
    for (const [secrets, code, path] of cases) {
      const refused = await saveSecrets(t, admin, secrets);
      expect(refused.statusCode, code).toBe(400);
      expect(errorOf(refused)).toMatchObject({ code, issues: [expect.objectContaining({ path })] });
    }
    const view = ZSystemSettingsResponse.parse((await callApi(t.app, 'GET', '/api/admin/settings', { cookie: admin })).json());
    expect(view.secrets.stripeSecretKey).toEqual({ set: false, last4: null });
    expect(view.secrets.stripeWebhookSecret).toEqual({ set: false, last4: null });
  });

  it('take payments once saved, without a restart, and are never shown in clear', async () => {
    const account = await createAccount(t);
    const cookie = await signIn(t.app, account.owner.email);
    const billing = async () => ZBillingResponse.parse((await callApi(t.app, 'GET', '/api/billing', { cookie })).json());
    expect(await billing()).toMatchObject({ enabled: false });
    const off = await callApi(t.app, 'POST', '/api/billing/checkout', { cookie, payload: { planId: professional, interval: 'month' } });
    expect(off.statusCode).toBe(409);
    expect(await postWebhook(t, BACK_OFFICE.stripeWebhookSecret, 'evt_before_keys')).toBe(404);

    const saved = await saveSecrets(t, admin, BACK_OFFICE);
    expect(saved.statusCode, saved.body).toBe(200);
    for (const answer of [saved, await callApi(t.app, 'GET', '/api/admin/settings', { cookie: admin })]) {
      expect(answer.body).not.toContain(BACK_OFFICE.stripeSecretKey);
      expect(answer.body).not.toContain(BACK_OFFICE.stripeWebhookSecret);
      const view = ZSystemSettingsResponse.parse(answer.json());
      expect(view).toMatchObject({
        stripeFromEnvironment: false,
        secrets: { stripeSecretKey: { set: true, last4: '1234' }, stripeWebhookSecret: { set: true, last4: 'abcd' } },
      });
    }

    // The keys are in force: the checkout goes to Stripe, whose webhooks, signed with the saved secret, are taken.
    expect(await billing()).toMatchObject({ enabled: true, testMode: true });
    const checkout = await callApi(t.app, 'POST', '/api/billing/checkout', {
      cookie,
      payload: { planId: professional, interval: 'month' },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(ZCheckoutResponse.parse(checkout.json()).url).toContain(simulator.url);
    expect(await postWebhook(t, BACK_OFFICE.stripeWebhookSecret, 'evt_signed_by_back_office')).toBe(200);
    expect(await postWebhook(t, ENVIRONMENT.webhookSecret, 'evt_signed_by_environment')).toBe(400);

    // A new signing secret is in force from its save: the old one no longer signs.
    const rotated = await saveSecrets(t, admin, { stripeWebhookSecret: 'whsec_rotated' });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(await postWebhook(t, BACK_OFFICE.stripeWebhookSecret, 'evt_old_secret')).toBe(400);
    expect(await postWebhook(t, 'whsec_rotated', 'evt_new_secret')).toBe(200);
    expect(await t.db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, 'evt_old_secret'))).toEqual([]);
  });

  it("give way to the environment when it sets Stripe's keys, and cannot be changed there", async () => {
    const view = ZSystemSettingsResponse.parse(
      (await callApi(withEnvironment.app, 'GET', '/api/admin/settings', { cookie: adminOfEnvironment })).json(),
    );
    expect(view.stripeFromEnvironment).toBe(true);
    // The back office's keys are stored (saved through the other server), but the environment's are in force here.
    expect(view.secrets.stripeSecretKey.set).toBe(true);
    expect(await postWebhook(withEnvironment, ENVIRONMENT.webhookSecret, 'evt_environment_in_force')).toBe(200);
    expect(await postWebhook(withEnvironment, 'whsec_rotated', 'evt_back_office_set_aside')).toBe(400);

    const refused = await saveSecrets(withEnvironment, adminOfEnvironment, { stripeWebhookSecret: 'whsec_other' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ code: 'errors.stripeFromEnvironment' });
    expect(errorOf(refused).message).toMatch(/configured by the server's environment/);
  });
});
