import { randomBytes, randomInt } from 'node:crypto';
import { formatPhoneInternational } from '@faxline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminContext, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { textShown, useBrowser, visible } from './support/fixtures';

const { browser } = useBrowser();
let admin: BrowserContext;
beforeAll(async () => {
  admin = await adminContext(browser);
  await admin.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: inject('baseUrl') });
});
afterAll(async () => {
  await admin.close();
});

const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** The person's fax numbers, asked by their own browser as the dashboard asks. */
async function numbersSeenBy(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const response = await fetch('/api/numbers', { credentials: 'include' });
    const { numbers } = (await response.json()) as { numbers: Array<{ phoneNumber: string }> };
    return numbers.map((n) => n.phoneNumber);
  });
}

describe('/admin/numbers', () => {
  it('adds a number, assigns it to a user who then has it, and releases it', async () => {
    const customerContext = await newContext(browser);
    const customer = await signedInPerson(customerContext, 'Nora Numbers');
    const customerPage = await customerContext.newPage();
    await customerPage.goto('/user/dashboard');

    const number = `+1646555${randomInt(1000, 9999)}`;
    const shown = formatPhoneInternational(number);
    const page = await admin.newPage();
    await page.goto('/admin/numbers');
    await visible(page.getByRole('heading', { level: 1, name: 'Fax Numbers' }));
    await visible(page.getByRole('tab', { name: 'Available', selected: true }));
    await visible(page.getByRole('region', { name: 'Available numbers' }));
    await expectNoAccessibilityViolations(page);

    // Add one number: it heads the Available list (newest first).
    await page.getByRole('button', { name: 'Add Numbers' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add Fax Numbers' });
    await addDialog.getByLabel('Fax number').fill('555-0100');
    await addDialog.getByRole('button', { name: 'Add Numbers' }).click();
    await textShown(page, 'Please enter a valid fax number in E.164 format (e.g., +15551234567).');
    await addDialog.getByLabel('Fax number').fill(shown);
    await addDialog.getByRole('button', { name: 'Add Numbers' }).click();
    await textShown(page, 'Numbers Added');
    const available = page.getByRole('region', { name: 'Available numbers' });
    await expect.poll(() => available.getByRole('row').nth(1).getByRole('rowheader').textContent()).toBe(shown);

    // Copying puts the E.164 number on the clipboard.
    await page.getByRole('button', { name: `Copy ${shown}` }).click();
    await textShown(page, 'Copied to Clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(number);

    // Assign: the user search starts at 2 characters; without a choice, 'Please select a user.'
    await page.getByRole('button', { name: `Assign ${shown}` }).click();
    const assignDialog = page.getByRole('dialog', { name: `Assign ${shown}` });
    await assignDialog.getByRole('button', { name: 'Assign Number' }).click();
    await textShown(page, 'Assignment Error');
    await textShown(page, 'Please select a user.');
    await assignDialog.getByLabel('User e-mail').fill(customer.email.slice(0, 1));
    await visible(assignDialog.getByText('Type at least 2 characters.'));
    await assignDialog.getByLabel('User e-mail').fill(customer.email.slice(0, 12));
    await assignDialog.getByRole('radio', { name: literally(customer.email) }).check();
    await expectNoAccessibilityViolations(page);
    await assignDialog.getByRole('button', { name: 'Assign Number' }).click();
    await textShown(page, 'Number Assigned');
    await expect.poll(() => assignDialog.isVisible()).toBe(false);

    // The user has it (the dashboard's own request), and the Assigned tab shows it with their e-mail.
    await expect.poll(() => numbersSeenBy(customerPage)).toContain(number);
    await customerPage.reload();
    await visible(customerPage.getByRole('main').getByText(shown, { exact: true }));
    await page.getByRole('tab', { name: 'Assigned' }).click();
    const row = page.getByRole('region', { name: 'Assigned numbers' }).getByRole('row', { name: literally(shown) });
    await visible(row.getByText(customer.email));
    await expectNoAccessibilityViolations(page);

    // Release: back to Available, and the user no longer has it.
    await row.getByRole('button', { name: `Release ${shown}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Release Number' }).click();
    await textShown(page, 'Number Released');
    await expect.poll(() => numbersSeenBy(customerPage)).not.toContain(number);
    await page.getByRole('tab', { name: 'Available' }).click();
    await visible(page.getByRole('region', { name: 'Available numbers' }).getByRole('rowheader', { name: shown }));

    // The inventory search: empty is refused, digits find the number.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await textShown(page, 'Please enter criteria to search for numbers.');
    await page.getByLabel('Search numbers').fill(number.slice(-7));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await visible(page.getByRole('region', { name: 'Numbers found' }).getByRole('rowheader', { name: shown }));

    await page.close();
    await customerContext.close();
  });

  it('fits a phone screen (375 px) without sideways scrolling of the page', async () => {
    const phone = await browser.newContext({
      baseURL: inject('baseUrl'),
      viewport: { width: 375, height: 812 },
      storageState: await admin.storageState(),
    });
    const page = await phone.newPage();
    await page.goto('/admin/numbers');
    // A list of cards rather than a table on a phone.
    await visible(page.getByRole('list', { name: 'Available numbers' }).getByRole('button', { name: 'Assign' }).first());
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAccessibilityViolations(page);
    await phone.close();
  });
});

describe('/admin/plans', () => {
  /** The public /pricing page as a visitor opening it now sees it. */
  async function pricingCard(name: string) {
    const visitor = await newContext(browser);
    const page = await visitor.newPage();
    await page.goto('/pricing');
    await visible(page.getByRole('article', { name: 'Basic', exact: true }));
    const card = page.getByRole('article', { name, exact: true });
    const price = (await card.count()) > 0 ? await card.getByTestId('plan-price').textContent() : null;
    await visitor.close();
    return price;
  }

  it('adds a plan, edits its price and archives it, as /pricing shows at once; then deletes it', async () => {
    const name = `E2E Plan ${randomBytes(3).toString('hex')}`;
    const page = await admin.newPage();
    await page.goto('/admin/plans');
    await visible(page.getByRole('heading', { level: 1, name: 'Fax Plans' }));
    await visible(page.getByRole('article', { name: 'Basic', exact: true }));
    await expectNoAccessibilityViolations(page);

    await page.getByRole('button', { name: 'Add Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Fax Plan' });
    await dialog.getByLabel('Plan name').fill(name);
    await dialog.getByRole('button', { name: 'Add Plan' }).click();
    await textShown(page, 'Please enter the monthly price, for example 19.99.');
    await dialog.getByLabel('Monthly price (USD)').fill('12.34');
    await dialog.getByLabel('Pages per month').fill('250');
    await dialog.getByLabel('Features (English)').fill('250 pages per month, Email to Fax');
    await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: 'Add Plan' }).click();
    await textShown(page, 'Plan Added');
    await visible(page.getByRole('article', { name, exact: true }));
    expect(await pricingCard(name)).toBe('$12.34');

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Fax Plan' });
    await edit.getByLabel('Monthly price (USD)').fill('15.67');
    const apiRate = edit.getByLabel('API requests per minute (per key)');
    await expect.poll(() => apiRate.inputValue()).toBe('100'); // spec 000 §9's default, given to a new plan
    await apiRate.fill('5');
    await edit.getByRole('button', { name: 'Save Plan' }).click();
    await textShown(page, 'API requests per minute must be a whole number from 10 to 100,000.');
    await apiRate.fill('250');
    await edit.getByRole('button', { name: 'Save Plan' }).click();
    await textShown(page, 'Plan Updated');
    const card = page.getByRole('article', { name, exact: true });
    await expect.poll(() => card.getByTestId('admin-plan-price').textContent()).toBe('$15.67');
    await visible(card.getByText('250 API requests per minute per key', { exact: true }));
    expect(await pricingCard(name)).toBe('$15.67');

    await page.getByRole('button', { name: `Archive ${name}` }).click();
    await textShown(page, 'Plan Archived');
    await visible(page.getByRole('article', { name, exact: true }).getByText('Archived', { exact: true }));
    expect(await pricingCard(name)).toBeNull();

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Plan' }).click();
    await textShown(page, 'Plan Deleted');
    await expect.poll(() => page.getByRole('article', { name, exact: true }).count()).toBe(0);
    await page.close();
  });
});
