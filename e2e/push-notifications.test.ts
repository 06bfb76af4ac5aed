import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptPush, newPushKeys } from '@test-support/push-subscriber';
import { signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { sendFaxThroughApi } from './support/faxes';
import { useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

const { browser } = useBrowser();
const shotsDir = useScreenshotsFolder('faxline-push-');

// Chromium's push service is out of reach from CI: the page's PushManager.subscribe is replaced (before any script of
// the page runs) by one that answers a subscription whose endpoint is this test's receiver and whose keys the test made,
// so the server's push for a received fax is posted here, and decrypted here.
const pushes: Buffer[] = [];
let receiver: http.Server;
let endpoint: string;
beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      pushes.push(Buffer.concat(chunks));
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/push/device-1`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const LABEL = {
  en: 'Push notifications on this device',
  es: 'Notificaciones push en este dispositivo',
  fr: 'Notifications push sur cet appareil',
};

async function faxNumberOf(context: BrowserContext): Promise<string> {
  const response = await context.request.get('/api/numbers');
  const { numbers } = (await response.json()) as { numbers: Array<{ phoneNumber: string }> };
  return numbers[0]!.phoneNumber;
}

/** The stand-in PushManager: subscribe answers the test's subscription, getSubscription it once made. */
async function standInPushService(page: Page, keys: { p256dh: string; auth: string }) {
  await page.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      // The headless shell has no notification platform and denies notifications whatever is granted: the person's
      // "Allow" in the browser's prompt is stood in for as well.
      Object.defineProperty(Notification, 'permission', { get: () => 'granted' });
      Notification.requestPermission = async () => 'granted';
      const storeKey = 'test-push-subscription';
      const made = (applicationServerKey: ArrayBuffer) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey },
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          localStorage.removeItem(storeKey);
          return true;
        },
      });
      const bytes = (value: string | null) => (value ? Uint8Array.from(JSON.parse(value) as number[]).buffer : null);
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = new Uint8Array(options!.applicationServerKey as ArrayBuffer);
        localStorage.setItem(storeKey, JSON.stringify([...key]));
        return made(key.buffer) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        const key = bytes(localStorage.getItem(storeKey));
        return key ? (made(key) as unknown as PushSubscription) : null;
      };
    },
    { endpoint, ...keys },
  );
}

describe('push notifications (issue 42, item 2)', () => {
  it('the settings switch subscribes this device, and a received fax reaches it encrypted, with no content', async () => {
    const person = await newContext(browser);
    const sender = await newContext(browser);
    await signedInPerson(person, 'Paula Push');
    await signedInPerson(sender, 'Sam Sender');
    const keys = newPushKeys();
    const page = await person.newPage();
    await standInPushService(page, keys);

    await page.goto('/user/settings');
    const toggle = page.getByRole('switch', { name: LABEL.en });
    await visible(toggle);
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await expect.poll(() => toggle.isChecked(), { timeout: 15_000 }).toBe(true);
    const listed = (await (await person.request.get('/api/push/subscriptions')).json()) as { subscriptions: { endpoint: string }[] };
    expect(listed.subscriptions.map((subscription) => subscription.endpoint)).toEqual([endpoint]);
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(shotsDir(), 'push-settings-desktop-en.png'));

    // The state is read again from the browser and the server, in each language.
    for (const language of ['es', 'fr'] as const) {
      await page.evaluate((code) => localStorage.setItem('language', code), language);
      await page.reload();
      const switched = page.getByRole('switch', { name: LABEL[language] });
      await visible(switched);
      await expect.poll(() => switched.isChecked()).toBe(true);
    }

    await sendFaxThroughApi(sender, { recipientNumber: await faxNumberOf(person) }, 1);
    await expect.poll(() => pushes.length, { timeout: 60_000, interval: 250 }).toBe(1);
    const message = JSON.parse(decryptPush(pushes[0]!, keys)) as { title: string; url: string };
    expect(message.title).toMatch(/^Fax from .+ received$/);
    expect(message.url).toMatch(/^\/user\/fax-history\?tab=received&fax=/);
    expect(JSON.stringify(message)).not.toMatch(/one-page|%PDF|JVBER/);

    // Off: the server forgets the device.
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await page.getByRole('switch', { name: LABEL.en }).click();
    await expect
      .poll(
        async () =>
          ((await (await person.request.get('/api/push/subscriptions')).json()) as { subscriptions: unknown[] }).subscriptions.length,
      )
      .toBe(0);
  }, 120_000);
});
