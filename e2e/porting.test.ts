import fs from 'node:fs/promises';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { formatPhoneInternational } from '@faxline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import en from '../apps/web/src/locales/en/porting.json';
import es from '../apps/web/src/locales/es/porting.json';
import fr from '../apps/web/src/locales/fr/porting.json';
import { adminContext, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { sendFaxThroughApi } from './support/faxes';
import {
  overflowOf,
  phonePageOf,
  textShown,
  toast,
  useBrowser,
  useScreenshotsFolder,
  visible,
  wholePageScreenshot,
} from './support/fixtures';

/**
 * Number porting (decision 113): an owner sends a request from /porting-your-number's button (the numbers, the holder
 * as on the bill, the bill, the letter signed by typing a name), an admin approves it with a date and completes it in
 * the back office's queue, and the number is then the customer's: on their dashboard, and a fax sent to it arrives.
 */
const { browser } = useBrowser();
const shots = useScreenshotsFolder('faxline-porting-');

type Mailbox = { messages: Array<{ subject: string }> };
const subjectsTo = async (context: BrowserContext, email: string) =>
  ((await (await context.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as Mailbox).messages.map(
    (m) => m.subject,
  );

async function shot(page: Page, name: string) {
  await wholePageScreenshot(page, path.join(shots(), `porting-${name}.png`));
}

describe('porting a number in (issue 39, item 3)', () => {
  it('goes submitted → approved → completed by an admin; the number is then the customer’s and receives a fax', async () => {
    const owner = await newContext(browser);
    const accountName = `Porting Owner ${randomInt(1e6)}`;
    const person = await signedInPerson(owner, accountName);
    const number = `+130355501${String(randomInt(100)).padStart(2, '0')}`;
    const billFile = path.join(shots(), 'bill.pdf');
    await fs.writeFile(billFile, await makePdf(1, 'Bill'));

    // From the public page's button to the form.
    const page = await owner.newPage();
    await page.goto('/porting-your-number');
    await page.getByRole('link', { name: 'Start a porting request' }).first().click();
    await visible(page.getByRole('heading', { level: 1, name: en.title }));
    await textShown(page, en.list.empty);
    await page.getByRole('button', { name: en.list.new }).click();
    await visible(page.getByRole('heading', { level: 2, name: en.form.heading }));

    // Sent without the letter's box ticked: refused by the server, on the field to fix.
    await page.getByLabel(en.form.numbers.label).fill(formatPhoneInternational(number));
    const holder: Array<[keyof typeof en.form.holder, string]> = [
      ['name', 'Hopper Analytics LLC'],
      ['currentProvider', 'Old Phone Co'],
      ['accountNumber', 'ACC-42'],
      ['street', '1 Compiler Way'],
      ['city', 'Arlington'],
      ['region', 'VA'],
      ['postalCode', '22201'],
      ['country', 'US'],
    ];
    for (const [field, value] of holder) await page.getByLabel(en.form.holder[field], { exact: true }).fill(value);
    await page.getByLabel(en.form.holder.bill).setInputFiles(billFile);
    await page.getByLabel(en.form.sign.name).fill(accountName);
    await page.getByRole('button', { name: en.form.submit }).click();
    const box = page.getByRole('checkbox', { name: en.form.sign.authorise });
    await textShown(page, 'Tick the box to authorise the transfer.');
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoAccessibilityViolations(page);
    await shot(page, 'form-desktop-en');

    await page.keyboard.press('Space');
    await page.getByRole('button', { name: en.form.submit }).click();
    await visible(toast(page, en.form.sent));
    const request = page.getByRole('listitem').filter({ hasText: formatPhoneInternational(number) });
    await visible(request.getByText(en.statuses.submitted, { exact: true }));
    await visible(request.getByRole('link', { name: en.list.letter }));

    // The back office's queue: approved with a date, then completed.
    const admin = await adminContext(browser);
    const queue = await admin.newPage();
    await queue.goto('/admin/porting');
    await visible(queue.getByRole('heading', { level: 1, name: en.admin.title }));
    const card = queue.getByRole('article', { name: `Request for ${accountName}` });
    await visible(card);
    await visible(card.getByText('Hopper Analytics LLC, Old Phone Co, ACC-42', { exact: false }));
    await expectNoAccessibilityViolations(queue);
    await shot(queue, 'queue-desktop-en');
    const today = new Date().toISOString().slice(0, 10);
    await card.getByLabel(en.admin.portDateLabel).fill(today);
    await card.getByRole('button', { name: en.admin.approve, exact: true }).click();
    await visible(toast(queue, 'The request is now: Approved'));
    await visible(card.getByText(en.statuses.approved, { exact: true }));
    await card.getByRole('button', { name: en.admin.complete }).click();
    await visible(toast(queue, 'The request is now: Completed'));
    // Completed: out of the open queue, in the Completed list.
    await queue.getByLabel(en.admin.filter).selectOption('completed');
    await visible(queue.getByRole('article', { name: `Request for ${accountName}` }).getByText(en.statuses.completed, { exact: true }));

    // The customer: told at each step, the request completed, the number on the dashboard.
    await expect
      .poll(() => subjectsTo(owner, person.email), { timeout: 20_000 })
      .toEqual(
        expect.arrayContaining([
          'We received your request to port 1 number',
          expect.stringMatching(/^Your number moves on /),
          'Your number is now on Faxline',
        ]),
      );
    await page.reload();
    await visible(request.getByText(en.statuses.completed, { exact: true }));
    await page.goto('/user/dashboard');
    await visible(page.getByText(formatPhoneInternational(number)).first());

    // Routed like its other numbers: a fax sent to it from another account arrives.
    const sender = await newContext(browser);
    await signedInPerson(sender, 'Porting Sender');
    await sendFaxThroughApi(sender, { recipientNumber: number });
    await expect
      .poll(
        async () => ((await (await owner.request.get('/api/notifications')).json()) as { notifications: unknown[] }).notifications.length,
        { timeout: 60_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    await page.goto('/user/fax-history');
    await visible(page.getByRole('tab', { name: 'Received Faxes (1)' }));

    // In Spanish on a phone, and the back office in French on a phone: nothing wider than the screen.
    const phone = await phonePageOf(browser, owner, 'es');
    await phone.goto('/user/porting');
    await visible(phone.getByRole('heading', { level: 1, name: es.title }));
    await visible(phone.getByText(es.statuses.completed, { exact: true }).first());
    expect((await overflowOf(phone)).offenders).toEqual([]);
    await shot(phone, 'list-phone-es');
    await phone.getByRole('button', { name: es.list.new }).click();
    await visible(phone.getByRole('heading', { level: 2, name: es.form.heading }));
    expect((await overflowOf(phone)).offenders).toEqual([]);
    await shot(phone, 'form-phone-es');

    const adminPhone = await phonePageOf(browser, admin, 'fr');
    await adminPhone.goto('/admin/porting');
    await visible(adminPhone.getByRole('heading', { level: 1, name: fr.admin.title }));
    await adminPhone.getByLabel(fr.admin.filter).selectOption('completed');
    await visible(adminPhone.getByRole('article', { name: `Demande de ${accountName}` }));
    expect((await overflowOf(adminPhone)).offenders).toEqual([]);
    await expectNoAccessibilityViolations(adminPhone);
    await shot(adminPhone, 'queue-phone-fr');
  });
});
