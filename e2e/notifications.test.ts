import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { uniqueEmail } from '@test-support/factories/values';
import { adminContext, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { sendFaxThroughApi } from './support/faxes';
import { useBrowser, visible } from './support/fixtures';

const { browser } = useBrowser();

const bellLabel = (page: Page) => page.locator('header button[aria-label^="Notif"]').getAttribute('aria-label');

async function faxNumberOf(context: BrowserContext): Promise<string> {
  const response = await context.request.get('/api/numbers');
  expect(response.status(), await response.text()).toBe(200);
  const { numbers } = (await response.json()) as { numbers: Array<{ phoneNumber: string }> };
  return numbers[0]!.phoneNumber;
}

/** Waits until the server lists `count` notifications for the person of the context. */
const notificationsReach = (context: BrowserContext, count: number) =>
  expect
    .poll(
      async () => ((await (await context.request.get('/api/notifications')).json()) as { notifications: unknown[] }).notifications.length,
      { timeout: 60_000, interval: 500 },
    )
    .toBe(count);

async function inLanguage(page: Page, language: 'en' | 'es' | 'fr') {
  await page.goto('/user/dashboard');
  await page.evaluate((code) => localStorage.setItem('language', code), language);
  await page.reload();
}

// What the bell says of one unread received fax of two pages, in each language.
const RECEIVED = {
  en: { button: 'Notifications, 1 unread', item: /^Fax from .+ received, 2 pages \(unread\)/, markAll: 'Mark all as read' },
  es: { button: 'Notificaciones, 1 sin leer', item: /^Fax de .+ recibido, 2 páginas \(sin leer\)/, markAll: 'Marcar todo como leído' },
  fr: { button: 'Notifications, 1 non lue', item: /^Fax de .+ reçu, 2 pages \(non lu\)/, markAll: 'Tout marquer comme lu' },
} as const;

describe('the notifications button (issue 18, item 4)', () => {
  it('shows a received fax in English, Spanish and French, leads to it, and hears of the next one while open', async () => {
    const receiver = await newContext(browser);
    const sender = await newContext(browser);
    await signedInPerson(receiver, 'Rosa Receiver');
    await signedInPerson(sender, 'Sid Sender');
    const number = await faxNumberOf(receiver);
    await sendFaxThroughApi(sender, { recipientNumber: number }, 2);
    await notificationsReach(receiver, 1);

    const page = await receiver.newPage();
    for (const language of ['en', 'es', 'fr'] as const) {
      await inLanguage(page, language);
      const bell = page.getByRole('button', { name: RECEIVED[language].button, exact: true });
      await visible(bell);
      expect(await page.locator('[data-notification-badge]').textContent()).toBe('1');
      await bell.click();
      const menu = page.getByRole('menu');
      await visible(menu.getByRole('menuitem', { name: RECEIVED[language].item }));
      await visible(menu.getByRole('menuitem', { name: RECEIVED[language].markAll }));
      await expectNoAccessibilityViolations(page);
      // Arrow keys move through the items; Esc closes the menu and gives focus back to the button.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Escape');
      await expect.poll(() => bell.evaluate((element) => element === document.activeElement)).toBe(true);
    }

    // The item leads to the fax's details, and the fax is read then.
    await inLanguage(page, 'en');
    await page.getByRole('button', { name: 'Notifications, 1 unread', exact: true }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: RECEIVED.en.item }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/fax-history');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('received');
    await visible(page.getByRole('dialog', { name: 'Fax Details' }));
    await expect.poll(() => bellLabel(page)).toBe('Notifications');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // Live: a fax that arrives while the page is open appears without a reload (the bell asks every 10 s).
    await sendFaxThroughApi(sender, { recipientNumber: number }, 1);
    await expect.poll(() => bellLabel(page), { timeout: 60_000, interval: 500 }).toBe('Notifications, 1 unread');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Notifications, 1 unread' }).count()).toBe(1);

    await sender.close();
    await receiver.close();
  }, 180_000);

  it('marks all as read, keeping the list open, and has an empty state', async () => {
    const person = await newContext(browser);
    await signedInPerson(person, 'Mark Allread');
    const page = await person.newPage();
    await page.goto('/user/dashboard');
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    await visible(page.getByRole('menu').getByRole('menuitem', { name: 'No notifications yet.' }));
    await expectNoAccessibilityViolations(page);
    await page.keyboard.press('Escape');

    await sendFaxThroughApi(person, { recipientNumber: '+15550100099' });
    await notificationsReach(person, 1);
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread', exact: true });
    await visible(bell, 30_000);
    await bell.click();
    const menu = page.getByRole('menu');
    await visible(menu.getByRole('menuitem', { name: 'Fax to +1 555 010 0099 delivered, 1 page (unread)' }));
    await menu.getByRole('menuitem', { name: 'Mark all as read' }).click();
    // Still open, the line no longer unread.
    await expect.poll(() => menu.getByRole('menuitem', { name: /\(unread\)/ }).count()).toBe(0);
    await visible(menu.getByRole('menuitem', { name: /^Fax to \+1 555 010 0099 delivered, 1 page/ }));
    expect(await page.locator('[data-notification-badge]').count()).toBe(0);
    expect(await bellLabel(page)).toBe('Notifications');
    await person.close();
  }, 120_000);
});

describe('the back office’s notifications (issue 18, item 6)', () => {
  it('lists a new support ticket, which leads to the ticket', async () => {
    const subject = `Where is my fax ${randomBytes(3).toString('hex')}`;
    const admin = await adminContext(browser);
    const sent = await admin.request.post('/api/contact', {
      headers: { origin: inject('baseUrl') },
      data: { name: 'Nina Notify', email: uniqueEmail('ticket'), subject, department: 'support', message: 'It has not arrived.' },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    const page = await admin.newPage();
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: /^Notifications, \d+\+? unread$/ }).click();
    const item = page
      .getByRole('menu')
      .getByRole('menuitem', { name: new RegExp(`^New support ticket from .+: “${subject}” \\(unread\\)`) });
    await visible(item);
    await expectNoAccessibilityViolations(page);
    await item.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/support-tickets');
    await visible(page.getByRole('heading', { level: 2, name: subject }));
    await admin.close();
  }, 120_000);
});
