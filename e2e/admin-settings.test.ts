import { ZSystemSettingsResponse, type TSystemSettingsValues } from '@faxline/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminContext, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, launchBrowser, newContext } from './support/browser';

let browser: Browser;
let admin: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminContext(browser);
});
// The settings are one row for the whole platform, and the other browser tests share the server: leave the defaults.
afterAll(async () => {
  await resetViaApi();
  await admin.close();
  await browser.close();
});

const sameOrigin = () => ({ origin: inject('baseUrl') });
const visible = (locator: Locator) => expect.poll(() => locator.isVisible()).toBe(true);
const toast = (page: Page, text: string) => visible(page.getByText(text, { exact: true }).first());

async function storedSettings() {
  const response = await admin.request.get('/api/admin/settings');
  expect(response.status()).toBe(200);
  return ZSystemSettingsResponse.parse(await response.json());
}

async function saveViaApi(changes: Partial<TSystemSettingsValues>, secrets: Record<string, string> = {}) {
  const { values } = await storedSettings();
  const response = await admin.request.put('/api/admin/settings', {
    data: { values: { ...values, ...changes }, secrets },
    headers: sameOrigin(),
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function resetViaApi() {
  const response = await admin.request.post('/api/admin/settings/reset', { headers: sameOrigin() });
  expect(response.status(), await response.text()).toBe(200);
}

async function openSettings(): Promise<Page> {
  const page = await admin.newPage();
  await page.goto('/admin/settings');
  await visible(page.getByRole('heading', { level: 1, name: 'System Settings' }));
  await visible(page.getByLabel('Site name', { exact: true }));
  return page;
}

/** The status of an API call made by the page itself, with its cookies (as the web app makes them). */
const statusSeenBy = (page: Page, path: string) =>
  page.evaluate(async (url) => (await fetch(url, { credentials: 'include' })).status, path);

const SECTION_IDS = [
  'payment-gateway-settings',
  'advanced-security-settings',
  'api-settings',
  'notification-settings',
  'backup-restore-settings',
  'theme-customization-settings',
  'third-party-integrations',
];

describe('/admin/settings', () => {
  it('has the anchored sections and their table of contents, and keeps a saved site name and colour', async () => {
    await resetViaApi();
    const page = await openSettings();
    for (const id of SECTION_IDS) expect(await page.locator(`section#${id}`).count(), id).toBe(1);
    await expectNoAccessibilityViolations(page);

    // The table of contents moves to a section, focus included, so that Tab continues there.
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'API Settings' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#api-settings');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('api-settings');

    await page.getByLabel('Site name', { exact: true }).fill('Faxline Test Office');
    await page.getByLabel('Primary colour', { exact: true }).fill('#0F766E');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Settings Saved');

    await page.reload();
    await expect.poll(() => page.getByLabel('Site name', { exact: true }).inputValue()).toBe('Faxline Test Office');
    expect(await page.getByLabel('Primary colour', { exact: true }).inputValue()).toBe('#0F766E');
    // The colour is what every page is themed with.
    const platform = (await (await admin.request.get('/api/platform')).json()) as { primaryColor: string; siteName: string };
    expect(platform).toMatchObject({ primaryColor: '#0F766E', siteName: 'Faxline Test Office' });
    await page.close();
  });

  it("refuses an additional price list that is not JSON with the spec's toast, and sends nothing", async () => {
    const page = await openSettings();
    let saves = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/admin/settings') saves += 1;
    });
    const priceList = page.getByLabel('Additional Stripe price IDs (JSON)', { exact: true });
    await priceList.fill('[{"label": "Pro yearly", "id": ');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Validation Error');
    await toast(page, 'Additional Stripe Price IDs field does not contain valid JSON.');
    // The field is marked, and focus is on it.
    expect(await priceList.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('setting-stripeAdditionalPriceIds');
    expect(saves).toBe(0);

    await priceList.fill('[{"label": "Pro yearly", "id": "price_5678"}]');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Settings Saved');
    expect(saves).toBe(1);
    expect((await storedSettings()).values.stripeAdditionalPriceIds).toBe('[{"label": "Pro yearly", "id": "price_5678"}]');
    await page.close();
  });

  it('shows a stored secret only as its last four characters, and removes it on request', async () => {
    const secret = 'fxk_live_e2e_9d8c7b6a5Q4Z';
    const page = await openSettings();
    const apiKey = page.getByLabel('API key', { exact: true });
    await visible(page.locator('#setting-apiKey-status').getByText('Not set', { exact: true }));
    await apiKey.fill(secret);
    expect(await apiKey.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show API key' }).click();
    expect(await apiKey.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Settings Saved');

    await page.reload();
    await visible(page.getByText('Set (ends in 5Q4Z)', { exact: true }));
    // Never pre-filled, and nowhere on the page.
    expect(await page.getByLabel('API key', { exact: true }).inputValue()).toBe('');
    expect(await page.content()).not.toContain(secret);

    await page.getByRole('button', { name: 'Remove API key' }).click();
    await visible(page.getByText('Will be removed when you save.', { exact: true }));
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Settings Saved');
    await visible(page.locator('#setting-apiKey-status').getByText('Not set', { exact: true }));
    expect((await storedSettings()).secrets.apiKey).toEqual({ set: false, last4: null });
    await page.close();
  });

  it('resets to the defaults after a confirmation, keeping the stored keys', async () => {
    await saveViaApi(
      { siteName: 'Before the reset', secondaryColor: '#123456', automaticBackups: 'weekly' },
      { paypalWebhookId: 'WH-e2e-0001-KEEP' },
    );
    const page = await openSettings();
    expect(await page.getByLabel('Site name', { exact: true }).inputValue()).toBe('Before the reset');

    await page.getByRole('button', { name: 'Reset to Defaults' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Reset to Defaults?' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Reset to Defaults' }).click();
    await toast(page, 'Settings Reset');
    await expect.poll(() => dialog.count()).toBe(0);

    expect(await page.getByLabel('Site name', { exact: true }).inputValue()).toBe('Faxline');
    expect(await page.getByLabel('Secondary colour', { exact: true }).inputValue()).toBe('#DB2777');
    expect(await page.getByLabel('Automatic backups', { exact: true }).inputValue()).toBe('daily');
    await visible(page.getByText('Set (ends in KEEP)', { exact: true }));
    const stored = await storedSettings();
    expect(stored.values).toMatchObject({
      siteName: 'Faxline',
      secondaryColor: '#DB2777',
      automaticBackups: 'daily',
      maintenanceMode: false,
    });
    expect(stored.secrets.paypalWebhookId).toEqual({ set: true, last4: 'KEEP' });
    await page.close();
  });

  it('maintenance mode: a signed-in user gets the maintenance page and 503s, while the admin works on', async () => {
    const userContext = await newContext(browser);
    await signedInPerson(userContext, 'Mia Maintenance');
    const userPage = await userContext.newPage();
    await userPage.goto('/user/dashboard');
    expect(await statusSeenBy(userPage, '/api/faxes')).toBe(200);

    const page = await openSettings();
    try {
      await page.getByRole('switch', { name: 'Maintenance mode' }).check();
      await visible(page.getByText(/When you save, maintenance mode goes on: only admins will be able to use the site/));
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await toast(page, 'Settings Saved');
      await visible(page.getByText('Maintenance mode is on: only admins can use the site while it is on.', { exact: true }));

      expect(await statusSeenBy(userPage, '/api/faxes')).toBe(503);
      await userPage.goto('/user/dashboard');
      await visible(userPage.getByRole('heading', { level: 1, name: 'Down for maintenance' }));

      // The admin still uses the back office, and the product's API as well.
      await page.reload();
      await visible(page.getByRole('switch', { name: 'Maintenance mode', checked: true }));
      expect(await statusSeenBy(page, '/api/faxes')).toBe(200);

      await page.getByRole('switch', { name: 'Maintenance mode' }).uncheck();
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await toast(page, 'Settings Saved');
      expect(await statusSeenBy(userPage, '/api/faxes')).toBe(200);
    } finally {
      // Whatever failed above, the other browser tests must find the platform open.
      if ((await storedSettings()).values.maintenanceMode) await saveViaApi({ maintenanceMode: false });
      await page.close();
      await userContext.close();
    }
  });
});
