import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { SANDBOX_TEST_NUMBERS } from '@faxline/shared';
import { makePdf } from '@test-support/factories/documents';
import { phonePageOf, useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

/**
 * The address book on /user/contacts (decision 048), and its contacts suggested in the send form's
 * recipient field.
 */

const { browser } = useBrowser();
let owner: BrowserContext;
let page: Page;
let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-contacts-e2e-'));
});
afterAll(async () => {
  await owner?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

const screenshots = useScreenshotsFolder('faxline-contacts-shots-');
const rows = (target: Page) => target.getByRole('list', { name: 'Your contacts' }).locator(':scope > li');
const localeFile = async (language: string, namespace: string) =>
  JSON.parse(await fs.readFile(new URL(`../apps/web/src/locales/${language}/${namespace}.json`, import.meta.url), 'utf8')) as {
    title: string;
    list: Record<string, string>;
  };

describe('the Contacts page (issue 17, item 4)', () => {
  it('starts empty, and adds a contact through the dialog after showing what is wrong', async () => {
    owner = await newContext(browser);
    await signedInPerson(owner, 'Carmen Contacts');
    page = await owner.newPage();
    await page.goto('/user/contacts');
    await visible(page.getByRole('heading', { name: 'Contacts', level: 1 }));
    await visible(page.getByText('Your address book is empty. Add a contact, or import a CSV file of them.'));
    await visible(page.getByRole('link', { name: 'Contacts', exact: true }).first());

    await page.getByRole('button', { name: 'Add Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Contact' });
    await visible(dialog);
    await dialog.getByLabel('Fax number').fill('555');
    await dialog.getByRole('button', { name: 'Save Contact' }).click();
    await visible(dialog.getByText("Please enter the contact's name."));
    const name = dialog.getByLabel('Name', { exact: true });
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoAccessibilityViolations(page);

    await name.fill('Dr. Ana Ruiz');
    await dialog.getByLabel('Fax number').fill('+1 555 010 2030');
    await dialog.getByLabel('Company (optional)').fill('Clínica Sol');
    await dialog.getByLabel('Tags (optional)').fill('lab, vip');
    await dialog.getByRole('button', { name: 'Save Contact' }).click();
    await visible(page.getByText('Contact Added', { exact: true }));
    await expect.poll(() => dialog.count()).toBe(0);
    const row = rows(page).filter({ hasText: 'Dr. Ana Ruiz' });
    await visible(row.getByText('+15550102030', { exact: true }));
    await visible(row.getByText('Clínica Sol'));
  });

  it('finds the contact by search and by tag', async () => {
    await owner.request.post('/api/contacts', {
      headers: { origin: inject('baseUrl') },
      data: { name: 'Bob Billing', fax_number: '+15550109999', tags: ['billing'] },
    });
    await page.reload();
    await visible(rows(page).filter({ hasText: 'Bob Billing' }));
    await page.getByRole('searchbox', { name: 'Search' }).fill('clínica');
    await expect.poll(() => rows(page).count()).toBe(1);
    await visible(rows(page).filter({ hasText: 'Dr. Ana Ruiz' }));
    await page.getByRole('searchbox', { name: 'Search' }).fill('nobody here');
    await visible(page.getByText('No contact matches this search.'));
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows(page).count()).toBe(2);
    await rows(page).getByRole('button', { name: 'Show contacts tagged billing' }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    await visible(rows(page).filter({ hasText: 'Bob Billing' }));
    expect(await page.getByLabel('Tag', { exact: true }).inputValue()).toBe('billing');
    await page.getByRole('button', { name: 'Clear filters' }).click();
  });

  it('imports a CSV file and says what was imported, skipped and refused', async () => {
    const file = path.join(dir, 'contacts.csv');
    await fs.writeFile(file, 'Name,Fax,Company\nCarla Centre,+442071234567,Centre Ltd\nBob Billing,+15550109999,\nNo Number,,\n');
    await page.getByLabel('CSV file').setInputFiles(file);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const status = page.getByRole('status').filter({ hasText: 'Import finished' });
    await visible(status);
    await visible(status.getByText('1 contact imported.'));
    await visible(status.getByText('1 row already in the address book was skipped.'));
    await visible(status.getByText("Line 4: fax_number: Please enter the contact's fax number."));
    await visible(rows(page).filter({ hasText: 'Carla Centre' }));
    await expectNoAccessibilityViolations(page);
  });

  it('deletes a contact after confirming', async () => {
    await rows(page).getByRole('button', { name: 'Delete Carla Centre' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Carla Centre?' });
    await visible(confirm);
    await confirm.getByRole('button', { name: 'Yes, delete' }).click();
    await visible(page.getByText('Contact Deleted', { exact: true }));
    await expect.poll(() => rows(page).filter({ hasText: 'Carla Centre' }).count()).toBe(0);
  });

  it('"Send fax" opens the send form with the number and name filled', async () => {
    await rows(page).getByRole('link', { name: 'Send fax to Dr. Ana Ruiz' }).click();
    await visible(page.getByRole('heading', { name: 'Send a Fax', level: 1 }));
    expect(await page.getByLabel('Recipient Fax Number').inputValue()).toBe('+1 555 010 2030');
    expect(await page.getByLabel(/Recipient Name/).inputValue()).toBe('Dr. Ana Ruiz');
  });

  it('suggests contacts in the recipient field; the keyboard chooses one, filling number and name', async () => {
    await page.goto('/user/send-fax');
    const recipient = page.getByRole('combobox', { name: 'Recipient Fax Number' });
    await recipient.fill('bob');
    const listbox = page.getByRole('listbox', { name: 'Contacts matching the number' });
    await visible(listbox.getByRole('option', { name: /Bob Billing/ }));
    expect(await recipient.getAttribute('aria-expanded')).toBe('true');
    await expectNoAccessibilityViolations(page);
    await recipient.press('ArrowDown');
    const active = await recipient.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${active}"]`).textContent()).toContain('Bob Billing');
    await recipient.press('Enter');
    expect(await recipient.inputValue()).toBe('+1 555 010 9999');
    expect(await page.getByLabel(/Recipient Name/).inputValue()).toBe('Bob Billing');
    expect(await recipient.getAttribute('aria-expanded')).toBe('false');
  });

  it('reads in Spanish and French', async () => {
    for (const language of ['es', 'fr'] as const) {
      const texts = await localeFile(language, 'contacts');
      const context = await browser.newContext({ baseURL: inject('baseUrl'), storageState: await owner.storageState() });
      const translated = await context.newPage();
      await translated.addInitScript((code) => localStorage.setItem('language', code), language);
      await translated.goto('/user/contacts');
      await visible(translated.getByRole('heading', { name: texts.title, level: 1 }));
      await visible(translated.getByRole('list', { name: texts.list.label }));
      await expectNoAccessibilityViolations(translated);
      await context.close();
    }
  });
});

describe('wrong-number protection in the address book and the send form (issue 40, item 1)', () => {
  it("keeps a contact's expected station id, refusing one a fax machine cannot announce, and fills the send form with it", async () => {
    await page.goto('/user/contacts');
    await rows(page).getByRole('button', { name: 'Edit Dr. Ana Ruiz' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Contact' });
    const station = dialog.getByLabel('Expected station ID (optional)');
    await station.fill('ACME LAB');
    await dialog.getByRole('button', { name: 'Save Contact' }).click();
    await visible(dialog.getByText('A station id can hold only digits, + and spaces, as fax machines show it.'));
    expect(await station.getAttribute('aria-invalid')).toBe('true');
    expect(await station.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoAccessibilityViolations(page);
    await station.fill('+1 555 010 2030');
    await dialog.getByRole('button', { name: 'Save Contact' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await visible(rows(page).filter({ hasText: 'Dr. Ana Ruiz' }).getByText('Station ID +1 555 010 2030'));

    await rows(page).getByRole('link', { name: 'Send fax to Dr. Ana Ruiz' }).click();
    await visible(page.getByRole('heading', { name: 'Send a Fax', level: 1 }));
    expect(await page.getByLabel('Expected station ID (optional)').inputValue()).toBe('+1 555 010 2030');
    // Choosing another contact, which has none, clears it: the check follows the recipient.
    const recipient = page.getByRole('combobox', { name: 'Recipient Fax Number' });
    await recipient.fill('bob');
    await visible(page.getByRole('option', { name: /Bob Billing/ }));
    await recipient.press('ArrowDown');
    await recipient.press('Enter');
    expect(await page.getByLabel('Expected station ID (optional)').inputValue()).toBe('');
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(screenshots(), 'wrong-number-send-form.png'));
  });

  it('after a first delivery offers to remember the station id the machine announced, and the contact keeps it', async () => {
    const origin = { origin: inject('baseUrl') };
    await owner.request.post('/api/contacts', {
      headers: origin,
      data: { name: 'Sandbox Lab', fax_number: SANDBOX_TEST_NUMBERS.slow_no_ecm },
    });
    const sent = await owner.request.post('/api/faxes', {
      headers: origin,
      multipart: {
        'request.json': {
          name: 'request.json',
          mimeType: 'application/json',
          buffer: Buffer.from(
            JSON.stringify({ recipientNumber: SANDBOX_TEST_NUMBERS.slow_no_ecm, faxQuality: 'standard', expectedStationId: '' }),
          ),
        },
        attachment_0: { name: 'one-page.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await makePdf(1)) },
      },
    });
    expect(sent.status(), await sent.text()).toBe(202);
    const { faxId } = (await sent.json()) as { faxId: string };
    await expect
      .poll(async () => ((await (await owner.request.get(`/api/faxes/${faxId}`)).json()) as { status: string }).status, { timeout: 60_000 })
      .toBe('delivered');

    await page.goto(`/user/fax-history?fax=${faxId}`);
    const details = page.getByRole('dialog', { name: 'Fax Details' });
    const check = details.getByRole('region', { name: 'Wrong-number check' });
    await visible(check.getByText(`Not checked: no station id was expected. The machine announced ${SANDBOX_TEST_NUMBERS.slow_no_ecm}.`));
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(screenshots(), 'wrong-number-offer.png'));
    await check.getByRole('button', { name: `Remember ${SANDBOX_TEST_NUMBERS.slow_no_ecm} for Sandbox Lab` }).click();
    await visible(page.getByText('Station id remembered', { exact: true }));
    await expect.poll(() => check.getByRole('button').count()).toBe(0);

    await page.goto('/user/contacts');
    await visible(rows(page).filter({ hasText: 'Sandbox Lab' }).getByText(`Station ID ${SANDBOX_TEST_NUMBERS.slow_no_ecm}`));
  }, 90_000);

  it('reads in Spanish and French, on a phone', async () => {
    for (const language of ['es', 'fr'] as const) {
      const texts = JSON.parse(
        await fs.readFile(new URL(`../apps/web/src/locales/${language}/station-ids.json`, import.meta.url), 'utf8'),
      ) as {
        contact: { label: string };
      };
      const phone = await phonePageOf(browser, owner, language);
      await phone.goto('/user/contacts');
      await visible(phone.getByText(texts.contact.label.replace('{{id}}', SANDBOX_TEST_NUMBERS.slow_no_ecm)));
      await expectNoAccessibilityViolations(phone);
      await wholePageScreenshot(phone, path.join(screenshots(), `wrong-number-contacts-${language}-phone.png`));
      await phone.context().close();
    }
  });
});
