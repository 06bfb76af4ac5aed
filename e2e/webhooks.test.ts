import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import enWebhooks from '../apps/web/src/locales/en/webhooks.json';
import esWebhooks from '../apps/web/src/locales/es/webhooks.json';
import frWebhooks from '../apps/web/src/locales/fr/webhooks.json';
import { onPlan, signedInMember, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations } from './support/browser';
import { overflowOf, sameOrigin, toast, useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

/**
 * Webhooks on /user/webhooks. The owner adds an endpoint pointing at a receiver on this machine (the
 * test server allows http and loopback addresses), sees its secret once, sends a test event that arrives signed with
 * Standard Webhooks and shows in the delivery log, sends it again, turns the endpoint off, rotates its secret and
 * deletes it. A standard User sees no Webhooks entry; the page speaks en, es and fr and fits a 390 px screen. A Slack
 * chat notice is added beside the endpoints (decision 129).
 */

type TReceived = { headers: http.IncomingHttpHeaders; body: string };
const received: TReceived[] = [];
let receiver: http.Server;
let receiverUrl: string;
const { browser, context } = useBrowser();
const shotsDir = useScreenshotsFolder('faxline-webhooks-');

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/faxline`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

const TEXTS = { en: enWebhooks, es: esWebhooks, fr: frWebhooks } as const;
const LANGUAGES = ['en', 'es', 'fr'] as const;
const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

const screenshot = (page: Page, name: string) => wholePageScreenshot(page, path.join(shotsDir(), `${name}.png`));

describe('webhooks on /user/webhooks (issue 18, item 5)', () => {
  let owner: BrowserContext;
  let page: Page;
  let secret: string;
  const endpoint = () => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: receiverUrl, exact: true }) });

  it('the owner finds the page in the sidebar: what webhooks are, how they are signed, the empty list; axe clean', async () => {
    owner = await context();
    await signedInPerson(owner, 'Wendy Hooks');
    await onPlan(owner, 'business');
    page = await owner.newPage();
    await page.goto('/user/dashboard');
    const nav = page.getByRole('navigation', { name: 'User area' }).first();
    await visible(nav.getByRole('link', { name: 'Webhooks' }));
    await nav.getByRole('link', { name: 'Webhooks' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/webhooks');
    await visible(page.getByRole('heading', { name: 'Webhooks', level: 1 }));
    const about = page.getByRole('list', { name: enWebhooks.about.label });
    for (const text of ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'standardwebhooks']) {
      await visible(about.getByText(text, { exact: true }));
    }
    expect(await page.getByRole('link', { name: enWebhooks.about.docsLink }).getAttribute('href')).toBe('/api-documentation#webhooks');
    await visible(page.getByText(enWebhooks.list.empty));
    await visible(page.getByText('0 of 20 endpoints', { exact: true }));
    expect(await page.getByRole('radio', { name: enWebhooks.signing['hmac-sha256'].label }).isChecked()).toBe(true);
    await visible(page.getByText(enWebhooks.signing.ed25519.description));
    await expectNoAccessibilityViolations(page);
  });

  it('asks for a URL and an event, then adds the endpoint and shows its secret once', async () => {
    const add = page.getByRole('button', { name: 'Add endpoint' });
    await add.click();
    const url = page.getByLabel('Endpoint URL');
    await visible(page.getByText("Please enter the endpoint's URL.", { exact: true }));
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    expect(await focused(url)).toBe(true);

    await url.fill(receiverUrl);
    // The chat notice's form beside it has the same fields: these are the signed endpoint's.
    const form = page.getByRole('form', { name: enWebhooks.form.title });
    await form.getByLabel('Description (optional)').fill('Billing system');
    await add.click();
    await visible(form.getByText('Choose at least one event.', { exact: true }));
    const all = form.getByRole('checkbox', { name: 'All events' });
    await expect.poll(() => focused(all)).toBe(true);
    await all.check();
    for (const event of ['fax.queued', 'fax.delivered', 'fax.partially_delivered', 'fax.received']) {
      expect(await form.getByRole('checkbox', { name: event, exact: true }).isChecked(), event).toBe(true);
    }
    await add.click();

    const dialog = page.getByRole('dialog', { name: 'Copy your signing secret' });
    await visible(dialog);
    await visible(dialog.getByText(/It will not be shown again/));
    secret = ((await dialog.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);
    await visible(dialog.getByRole('button', { name: 'Copy' }));
    await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await visible(endpoint().getByText('Billing system', { exact: true }));
    await visible(endpoint().getByText('All events', { exact: true }));
    await visible(endpoint().getByText('Signature: HMAC-SHA256', { exact: true }));
    expect(
      await endpoint()
        .getByRole('switch', { name: `Enabled: ${receiverUrl}` })
        .isChecked(),
    ).toBe(true);
    await visible(page.getByText('1 of 20 endpoints', { exact: true }));
    expect(await page.content()).not.toContain(secret);
    const listed = await owner.request.get('/api/webhooks');
    expect(listed.status()).toBe(200);
    expect(await listed.text()).not.toContain(secret);
  });

  it('sends a test event: it arrives signed, and the log shows the delivered try with status 200; Send again adds one', async () => {
    await endpoint().getByRole('button', { name: 'Send test event' }).click();
    await visible(toast(page, 'Test Event Sent'));
    const log = page.getByRole('region', { name: `Delivery log of ${receiverUrl}` });
    await visible(log);
    expect(await endpoint().getByRole('button', { name: 'Delivery log' }).getAttribute('aria-expanded')).toBe('true');
    // The open log asks again every 5 s: the outcome appears without a reload.
    const message = log.getByRole('listitem').filter({ hasText: 'webhook.test' }).first();
    await visible(message.getByText('Delivered', { exact: true }), 40_000);
    await visible(message.getByTestId('attempt-response').getByText('HTTP 200', { exact: true }));
    await visible(message.getByText('received', { exact: true }));

    expect(received).toHaveLength(1);
    const [delivery] = received;
    const headers = {
      'webhook-id': String(delivery!.headers['webhook-id']),
      'webhook-timestamp': String(delivery!.headers['webhook-timestamp']),
      'webhook-signature': String(delivery!.headers['webhook-signature']),
    };
    expect(headers['webhook-signature']).toMatch(/^v1,/);
    expect(new Webhook(secret).verify(delivery!.body, headers)).toMatchObject({ type: 'webhook.test' });
    await expectNoAccessibilityViolations(page);

    await message.getByRole('button', { name: /^Send webhook\.test of .+ again$/ }).click();
    await visible(toast(page, 'Sent Again'));
    await expect.poll(() => received.length, { timeout: 40_000 }).toBe(2);
    expect(received[1]!.headers['webhook-id']).toBe(headers['webhook-id']);
    await expect.poll(() => message.getByText('HTTP 200', { exact: true }).count(), { timeout: 20_000 }).toBe(2);
  });

  it('turns the endpoint off, rotates its secret (the old one signs 24 h more), and deletes it after asking', async () => {
    const enabled = endpoint().getByRole('switch', { name: `Enabled: ${receiverUrl}` });
    await enabled.click();
    await visible(toast(page, 'Endpoint Saved'));
    await visible(endpoint().getByText('Disabled', { exact: true }));
    await expect.poll(() => enabled.isChecked()).toBe(false);
    const listed = (await (await owner.request.get('/api/webhooks')).json()) as { endpoints: Array<{ enabled: boolean }> };
    expect(listed.endpoints.map((e) => e.enabled)).toEqual([false]);

    const rotate = endpoint().getByRole('button', { name: 'Rotate secret' });
    await rotate.click();
    const confirm = page.getByRole('alertdialog', { name: 'Rotate the signing secret?' });
    await visible(confirm.getByText(/keeps signing beside it for 24 hours/));
    await confirm.getByRole('button', { name: 'Rotate', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy your new signing secret' });
    await visible(dialog);
    const rotated = ((await dialog.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await visible(dialog.getByText(/The previous one keeps signing beside it until/));
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => focused(rotate)).toBe(true);
    await visible(endpoint().getByText(/^The previous secret keeps signing until /));

    await endpoint().getByRole('button', { name: 'Delete' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Delete this endpoint?' });
    await visible(ask.getByText(/gets no more messages/));
    await expectNoAccessibilityViolations(page);
    await ask.getByRole('button', { name: 'Yes, delete' }).click();
    await visible(toast(page, 'Endpoint Deleted'));
    await visible(page.getByText(enWebhooks.list.empty));
  });

  it('a standard User sees no Webhooks entry, is told who can help, and the server refuses them', async () => {
    const member = await context();
    await signedInMember(owner, member, 'User');
    const memberPage = await member.newPage();
    await memberPage.goto('/user/webhooks');
    await visible(memberPage.getByText(enWebhooks.notAllowed, { exact: true }));
    const nav = memberPage.getByRole('navigation', { name: 'User area' }).first();
    await visible(nav.getByRole('link', { name: 'Settings' }));
    expect(await nav.getByRole('link', { name: 'Webhooks' }).count()).toBe(0);
    expect((await member.request.get('/api/webhooks')).status()).toBe(403);
    const refused = await member.request.post('/api/webhooks', {
      headers: sameOrigin(),
      data: { url: receiverUrl, events: ['fax.received'] },
    });
    expect(refused.status()).toBe(403);
  });

  it('speaks en, es and fr, and fits a 390 px screen with an Ed25519 endpoint and its open log', async () => {
    const created = await owner.request.post('/api/webhooks', {
      headers: sameOrigin(),
      data: { url: receiverUrl, events: ['fax.delivered', 'fax.failed'], description: 'Clinic EHR', signing: 'ed25519' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { endpoint: made, secret: publicKey } = (await created.json()) as { endpoint: { id: string }; secret: string };
    expect(publicKey).toMatch(/^whpk_/);
    const tested = await owner.request.post(`/api/webhooks/${made.id}/test`, { headers: sameOrigin() });
    expect(tested.status()).toBe(202);

    for (const language of LANGUAGES) {
      const texts = TEXTS[language];
      for (const viewport of [
        { name: 'phone', width: 390, height: 844 },
        { name: 'desktop', width: 1280, height: 900 },
      ]) {
        const shown = await browser.newContext({
          baseURL: inject('baseUrl'),
          viewport,
          storageState: await owner.storageState(),
        });
        const view = await shown.newPage();
        await view.addInitScript((code) => localStorage.setItem('language', code), language);
        await view.goto('/user/webhooks');
        await visible(view.getByRole('heading', { name: texts.title, level: 1 }));
        await visible(view.getByRole('button', { name: texts.form.submit }));
        await visible(view.getByText(publicKey, { exact: true }));
        await view.getByRole('button', { name: texts.list.showLog }).click();
        await visible(view.getByRole('listitem').filter({ hasText: 'webhook.test' }).getByText('HTTP 200', { exact: true }), 40_000);
        if (viewport.name === 'phone') {
          const overflow = await overflowOf(view);
          expect(overflow.offenders, language).toEqual([]);
          expect(overflow.scrollWidth, language).toBeLessThanOrEqual(overflow.width);
        }
        await screenshot(view, `webhooks-${viewport.name}-${language}`);
        await view.close();
      }
    }
  });

  it('adds a Slack chat notice beside the endpoints: a URL that is not Slack’s is refused, the notice is listed with its app and no secret, its test arrives in Slack’s format; axe clean', async () => {
    const slackUrl = receiverUrl.replace('/hooks/faxline', '/hooks/slack');
    await page.goto('/user/webhooks');
    const form = page.getByRole('form', { name: enWebhooks.chatForm.title });
    expect(await form.getByRole('radio', { name: enWebhooks.chatApps.slack.label }).isChecked()).toBe(true);
    await visible(form.getByText(enWebhooks.chatApps.slack.urlHint));
    const url = form.getByLabel(enWebhooks.chatForm.url);
    await url.fill('https://example.com/services/T1/B1/x');
    await form.getByRole('checkbox', { name: 'fax.delivered', exact: true }).check();
    await form.getByRole('button', { name: enWebhooks.chatForm.submit }).click();
    await visible(form.getByText(/^This is not a Slack incoming webhook/));
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => focused(url)).toBe(true);

    await url.fill(slackUrl);
    await form.getByRole('button', { name: enWebhooks.chatForm.submit }).click();
    await visible(toast(page, 'Endpoint Added'));
    expect(await page.getByRole('dialog').count()).toBe(0);
    const notice = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: slackUrl, exact: true }) });
    await visible(notice.getByText('Chat notice: Slack', { exact: true }));
    await visible(notice.getByText('fax.delivered', { exact: true }));
    expect(await notice.getByRole('button', { name: 'Rotate secret' }).count()).toBe(0);
    await expectNoAccessibilityViolations(page);

    const before = received.length;
    await notice.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => received.length, { timeout: 40_000 }).toBe(before + 1);
    const arrived = received.at(-1)!;
    expect(arrived.headers['webhook-signature']).toBeUndefined();
    expect(JSON.parse(arrived.body)).toMatchObject({ text: 'Test message from Faxline', blocks: expect.any(Array) });
    await screenshot(page, 'webhooks-chat-notice-desktop-en');
  });
});
