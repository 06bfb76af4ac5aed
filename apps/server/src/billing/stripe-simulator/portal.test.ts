import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { SIMULATOR_NOTICE } from './page-shell';
import { USE_CARD_THAT_DECLINES, USE_CARD_THAT_PAYS } from './portal-page';
import { type Kit, type Plans, subscribe, useKitWithPlans } from './test-kit';

let kit: Kit;
let plans: Plans;

useKitWithPlans('all', (started) => ({ kit, plans } = started));

const postForm = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

const postControl = (name: string, body: object) =>
  fetch(`${kit.simulator.url}/_simulator/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the billing portal and the HTTP controls', () => {
  it('lets a person swap in a declining card, fall past_due at renewal, and pay by swapping in the card that pays', async () => {
    const session = await subscribe(kit, plans.monthly);
    const subscriptionId = (session.subscription as Stripe.Subscription).id;
    const portal = await kit.stripe.billingPortal.sessions.create({
      customer: String(session.customer),
      return_url: 'https://app.example.test/billing',
    });
    expect(portal.id).toMatch(/^bps_/);
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      url: `${kit.simulator.url}/portal/${portal.id}`,
      return_url: 'https://app.example.test/billing',
    });

    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain(SIMULATOR_NOTICE);
    expect(page).toContain('<h1>Billing portal</h1>');
    expect(page).toContain('Visa ending in 4242');
    expect(page).toContain('Faxline Pro: $19.00 per month, active, renews 15 Dec 2026');
    expect(page).toContain(`>${USE_CARD_THAT_DECLINES}</button>`);
    expect(page).toContain('<a href="https://app.example.test/billing">Return to the app</a>');

    const declining = await postForm(`${portal.url}/card`, { outcome: 'decline' });
    expect(declining.status).toBe(303);
    expect(declining.headers.get('location')).toBe(`/portal/${portal.id}?updated=decline&paid=0`);
    const afterDecline = await (await fetch(new URL(declining.headers.get('location')!, kit.simulator.url))).text();
    expect(afterDecline).toContain('Visa ending in 0341');
    expect(afterDecline).toMatch(/<p role="status">Card updated to test card 4000 0000 0000 0341/);
    const card = (await kit.stripe.subscriptions.retrieve(subscriptionId)).default_payment_method;
    expect((await kit.stripe.paymentMethods.retrieve(String(card))).card?.last4).toBe('0341');

    const advanced = await postControl('advance-time', { ms: 30 * 86_400_000 });
    expect(await advanced.json()).toEqual({ now: '2026-12-15T10:00:00.000Z' });
    expect((await kit.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('past_due');

    const paying = await postForm(`${portal.url}/card`, { outcome: 'succeed' });
    expect(paying.headers.get('location')).toBe(`/portal/${portal.id}?updated=succeed&paid=1`);
    expect(await (await fetch(new URL(paying.headers.get('location')!, kit.simulator.url))).text()).toContain(`${USE_CARD_THAT_PAYS}`);
    const subscription = await kit.stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.status).toBe('active');
    expect((await kit.stripe.invoices.retrieve(String(subscription.latest_invoice))).status).toBe('paid');

    const listed = (await (await fetch(`${kit.simulator.url}/_simulator/events`)).json()) as { data: { type: string }[] };
    const types = listed.data.map((event) => event.type);
    expect(types.indexOf('invoice.payment_failed')).toBeGreaterThan(-1);
    expect(types.lastIndexOf('invoice.paid')).toBeGreaterThan(types.indexOf('invoice.payment_failed'));
  });

  it('refuses to move the clock back', async () => {
    const answer = await postControl('set-now', { date: '2020-01-01T00:00:00Z' });
    expect(answer.status).toBe(400);
    expect(kit.simulator.now().getTime()).toBeGreaterThan(Date.UTC(2026, 0, 1));
  });
});
