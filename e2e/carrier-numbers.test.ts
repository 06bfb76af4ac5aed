import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { formatPhoneInternational, MESSAGES } from '@faxline/shared';
import { startTelnyxSimulator, type TelnyxSimulator } from '@test-support/carriers/telnyx';
import { PASSWORD, uniqueEmail } from '@test-support/factories/values';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enAdmin from '../apps/web/src/locales/en/admin.json';
import enSettings from '../apps/web/src/locales/en/admin-settings.json';
import frSettings from '../apps/web/src/locales/fr/admin-settings.json';
import frAdmin from '../apps/web/src/locales/fr/admin.json';
import enTexts from '../apps/web/src/locales/en/admin-catalogue.json';
import esTexts from '../apps/web/src/locales/es/admin-catalogue.json';
import frTexts from '../apps/web/src/locales/fr/admin-catalogue.json';
import { expectNoAccessibilityViolations, type Viewport } from './support/browser';
import { faxlineBuild, freePort, startFaxline, startProcess, tempDataDir, type FaxlineProcess } from '@test-support/faxline-process';
import { textShown, useBrowser, useScreenshotsFolder, visible } from './support/fixtures';

/**
 * The back office orders fax numbers from a carrier and gives them back. The shared test
 * server has no carrier, so this file starts a production server of its own, whose Telnyx is the simulator: the admin
 * first gives Telnyx its account and keys in System Settings, then searches Telnyx's numbers for sale, orders one into
 * the Available numbers, and gives it back. The pages are driven by keyboard, checked with axe, read in es and fr, and
 * photographed on a desktop and a phone.
 */

// E2E_BUILD=<name> serves the private build of `scripts/build-private.sh <name>`, as global-setup.ts does.
const privateBuild = process.env.E2E_BUILD;
const { server: bundle, webDist } = faxlineBuild(privateBuild);

const TEXTS = { en: enTexts, es: esTexts, fr: frTexts } as const;
const en = enTexts.numbers;
const VIEWPORTS: Record<Viewport, { width: number; height: number }> = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 375, height: 812 },
};

let simulator: TelnyxSimulator;
let server: FaxlineProcess;
let dataDir: string;
let baseUrl: string;
const { browser } = useBrowser();
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;
const shotsDir = useScreenshotsFolder('faxline-carrier-');

beforeAll(async () => {
  if (!existsSync(bundle) || !existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`The production build is missing at ${bundle}: run \`npm run build\` or scripts/build-private.sh.`);
  }
  simulator = await startTelnyxSimulator();
  dataDir = await tempDataDir('faxline-e2e-carrier-');
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  server = startFaxline({
    server: bundle,
    port,
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      DEMO_DATA: 'false',
      RATE_LIMIT_FACTOR: '100',
      // Where Telnyx is (its simulator); its account and keys are given in the back office, as an operator does.
      TELNYX_API_URL: simulator.url,
      ...(privateBuild ? { WEB_DIST_DIR: webDist } : {}),
    },
  });
  await server.untilReady();

  // A platform admin made with the operators' own command on this server's database, signed in through the API.
  const email = uniqueEmail('carrier-admin');
  const created = startProcess('npm', ['run', 'admin:create', '--', '--email', email, '--password', PASSWORD, '--name', 'Carrier Admin'], {
    env: { DATA_DIR: dataDir },
  });
  expect(await created.finished, created.output()).toBe(0);
  const admin = await browser.newContext({ baseURL: baseUrl });
  const access = await admin.request.post('/api/admin-access', { data: { email, password: PASSWORD }, headers: { origin: baseUrl } });
  expect(access.status(), await access.text()).toBe(200);
  adminState = await admin.storageState();
  await admin.close();
});

afterAll(async () => {
  if (server) {
    server.signal('SIGTERM');
    await server.finished;
  }
  await simulator?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** A browser context with the admin's back-office access, on this file's server. */
async function adminPage(options: { viewport?: Viewport; language?: 'en' | 'es' | 'fr' } = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: VIEWPORTS[options.viewport ?? 'desktop'],
    locale: 'en-US',
    storageState: adminState,
  });
  if (options.language) await context.addInitScript((code) => localStorage.setItem('language', code), options.language);
  return context.newPage();
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);
/** The seed's fax-capable numbers for sale in an area code, as the server should list them. */
const forSale = (areaCode: string) =>
  simulator.availableNumbers.filter((n) => n.nationalDestinationCode === areaCode && n.features.includes('fax')).map((n) => n.phoneNumber);

async function openOrderDialog(page: Page, texts = en): Promise<Locator> {
  await page.getByRole('button', { name: texts.order, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: texts.orderDialog.title });
  await visible(dialog);
  return dialog;
}

async function screenshot(page: Page, name: string): Promise<void> {
  const file = path.join(shotsDir(), `carrier-numbers-${name}.png`);
  await page.screenshot({ path: file });
  expect((await fs.readFile(file)).subarray(1, 4).toString()).toBe('PNG');
}

/** Elements of the dialog that stick out of the screen. */
const dialogOverflow = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[role="dialog"], [role="dialog"] *'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.left < -0.5 || box.right > window.innerWidth + 0.5);
      })
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`),
  );

describe('carrier settings in System Settings (issue 20, item 8)', () => {
  const field = (page: Page, name: keyof typeof enSettings.fields) => page.getByLabel(enSettings.fields[name].label, { exact: true });

  it('refuses half of a carrier on the field to fix, then takes Telnyx whole: its keys shown only by their last four', async () => {
    const page = await adminPage();
    // No carrier yet: the numbers page offers none to order from.
    await page.goto('/admin/numbers');
    await visible(page.getByRole('heading', { level: 1, name: en.title }));
    expect(await page.getByRole('button', { name: en.order, exact: true }).count()).toBe(0);

    await page.goto('/admin/settings#fax-carrier-settings');
    const section = page.locator('section#fax-carrier-settings');
    await visible(section.getByRole('heading', { level: 2, name: enSettings.sections.carriers.title }));
    await visible(section.getByText(`${baseUrl}/api/carriers/telnyx/webhook`, { exact: true }));
    await field(page, 'telnyxConnectionId').fill(simulator.connectionId);
    await page.getByRole('button', { name: 'Save Settings' }).click();
    const apiKey = field(page, 'telnyxApiKey');
    await expect.poll(() => apiKey.getAttribute('aria-invalid')).toBe('true');
    await visible(section.getByText(/^Fill in every Telnyx setting/).first());
    await expect.poll(() => apiKey.evaluate((element) => element === document.activeElement)).toBe(true);

    await apiKey.fill(simulator.apiKey);
    await field(page, 'telnyxPublicKey').fill(simulator.publicKey);
    await field(page, 'carrierRoutes').fill('+44=telnyx');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await textShown(page, 'Settings Saved');
    await visible(page.locator('#setting-telnyxApiKey-status').getByText(`Set (ends in ${simulator.apiKey.slice(-4)})`, { exact: true }));
    expect(await apiKey.inputValue()).toBe('');
    expect(await page.content()).not.toContain(simulator.apiKey);
    await expectNoAccessibilityViolations(page);
    await section.screenshot({ path: path.join(shotsDir(), 'carrier-settings-desktop.png') });

    // At once, without a restart: the numbers page orders from Telnyx.
    await page.goto('/admin/numbers');
    await visible(page.getByRole('button', { name: en.order, exact: true }));
  });

  it('reads in French and fits a phone', async () => {
    const page = await adminPage({ language: 'fr', viewport: 'phone' });
    await page.goto('/admin/settings#fax-carrier-settings');
    const section = page.locator('section#fax-carrier-settings');
    await visible(section.getByRole('heading', { level: 2, name: frSettings.sections.carriers.title }));
    await visible(section.getByLabel(frSettings.fields.telnyxApiKey.label, { exact: true }));
    const overflow = await section.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await expectNoAccessibilityViolations(page);
    await section.screenshot({ path: path.join(shotsDir(), 'carrier-settings-phone-fr.png') });
  });
});

describe('numbers from a carrier on /admin/numbers (issue 20, item 7)', () => {
  it('leaves out numbers the inventory has, orders one from Telnyx into the Available numbers, and gives it back', async () => {
    const page = await adminPage();
    // A number added by hand: it came from no carrier, and cannot be given back to one.
    const handAdded = await page.request.post('/api/admin/numbers', { data: { from: '+16465550199' }, headers: { origin: baseUrl } });
    expect(handAdded.status(), await handAdded.text()).toBe(201);

    await page.goto('/admin/numbers');
    await visible(page.getByRole('heading', { level: 1, name: en.title }));
    const available = page.getByRole('region', { name: en.tableLabel.available });
    const handRow = available.getByRole('row', { name: /\+1 646 555 0199/ });
    await visible(handRow.getByRole('button', { name: 'Assign +1 646 555 0199' }));
    expect(await handRow.getByRole('button', { name: /^Give back/ }).count()).toBe(0);

    const dialog = await openOrderDialog(page);
    // One carrier: said, not asked.
    await visible(dialog.getByText('Numbers come from Telnyx.', { exact: true }));
    expect(await dialog.getByLabel(en.orderDialog.carrier, { exact: true }).count()).toBe(0);

    // Search without a country: the spec's text, in the dialog's alert, and the country is where focus goes.
    await dialog.getByRole('button', { name: en.orderDialog.search, exact: true }).click();
    const alert = dialog.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('Please enter criteria to search for numbers.');
    const country = dialog.getByLabel(en.orderDialog.country, { exact: true });
    expect(await country.getAttribute('aria-invalid')).toBe('true');
    expect(await country.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(simulator.requestLog.filter((r) => r.path.startsWith('/v2/available_phone_numbers'))).toEqual([]);
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'desktop-criteria');

    // 415: Telnyx offers numbers there, but every one of them is in the inventory already (the sandbox range
    // +1 415 555 0100-0199 every server is seeded with), so none is listed: the empty state.
    await country.selectOption('US');
    const areaCode = dialog.getByLabel(en.orderDialog.areaCode);
    await areaCode.fill('415');
    await dialog.getByRole('button', { name: en.orderDialog.search, exact: true }).click();
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('No numbers match. Try another area code or country.');
    expect(forSale('415').length).toBeGreaterThan(0);
    expect(simulator.requestLog.filter((r) => r.path === '/v2/available_phone_numbers')).toHaveLength(1);
    const results = dialog.getByRole('list', { name: en.orderDialog.results });
    expect(await results.count()).toBe(0);
    await screenshot(page, 'desktop-none');

    await areaCode.fill('312');
    await dialog.getByRole('button', { name: en.orderDialog.search, exact: true }).click();
    const expected = forSale('312');
    expect(expected.length).toBeGreaterThan(1);
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe(`${expected.length} numbers for sale.`);
    expect(await alert.textContent()).toBe('');
    expect(await results.getByRole('listitem').allInnerTexts()).toHaveLength(expected.length);
    const [wanted, taken] = expected as [string, string];
    const wantedShown = formatPhoneInternational(wanted);
    const offer = results.getByRole('listitem').filter({ hasText: wantedShown });
    await visible(offer.getByText('CHICAGO, IL', { exact: true }));
    await visible(offer.getByText('1.00 USD per month', { exact: true }));
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'desktop-results');

    // Someone else buys a number meanwhile: Telnyx refuses it, the alert says so, and focus stays on its button.
    simulator.takeNumber(taken);
    const takenButton = results.getByRole('button', { name: `Order ${formatPhoneInternational(taken)}` });
    await takenButton.click();
    await expect.poll(() => alert.textContent()).toMatch(/^Telnyx refused the request\. Nothing was changed\./);
    expect(await takenButton.evaluate((element) => element === document.activeElement)).toBe(true);

    // The order: a toast, the dialog closes, focus back on its button, and the number heads the Available list.
    await offer.getByRole('button', { name: `Order ${wantedShown}` }).click();
    await textShown(page, en.toasts.orderedTitle);
    await visible(page.getByText(`${wantedShown} was bought from Telnyx and is now among the available numbers.`));
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => focusedText(page)).toBe(en.order);
    expect(simulator.ownedNumbers.map((n) => n.phone_number)).toContain(wanted);
    const row = available.getByRole('row', { name: new RegExp(wantedShown.replace(/\+/g, '\\+')) });
    await visible(row);
    expect(await row.getByRole('cell', { name: 'telnyx', exact: true }).count()).toBe(1);

    // Given back: asked first, naming the carrier; then the carrier has it again and the list no longer does.
    await screenshot(page, 'desktop-page');
    await row.getByRole('button', { name: `Give back ${wantedShown} to Telnyx` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Give ${wantedShown} back to Telnyx?` });
    await visible(confirm.getByText(/leaves the inventory and goes back to Telnyx/));
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'desktop-give-back');
    await confirm.getByRole('button', { name: en.returnDialog.confirm }).click();
    await textShown(page, en.toasts.returnedTitle);
    await expect.poll(() => simulator.releasedNumbers.map((n) => n.phone_number)).toContain(wanted);
    expect(simulator.ownedNumbers.map((n) => n.phone_number)).not.toContain(wanted);
    await expect.poll(() => row.count()).toBe(0);
    // The row left with its button: focus goes to a stable place, the Add Numbers button.
    await expect.poll(() => focusedText(page)).toBe(en.add);
    const found = await page.request.get(`/api/admin/numbers/search?q=${wanted.slice(1)}`);
    expect(((await found.json()) as { numbers: unknown[] }).numbers).toEqual([]);
  });

  it('works by keyboard alone, says when Telnyx is down, and gives focus back to its button on Escape', async () => {
    const page = await adminPage();
    await page.goto('/admin/numbers');
    const opener = page.getByRole('button', { name: en.order, exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: en.orderDialog.title });
    await visible(dialog);
    const country = dialog.getByLabel(en.orderDialog.country, { exact: true });
    // Focus starts on the first field; the arrow keys choose a country, as in any select.
    await expect.poll(() => country.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => country.inputValue()).toBe('US');
    await page.keyboard.press('Tab');
    await page.keyboard.type('312');
    simulator.failNextRequests(503, 1, { path: '/v2/available_phone_numbers' });
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toMatch(/^Telnyx could not be reached or is not answering right now\./);
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe(en.orderDialog.failed);

    // The same search again, from the Search button: Telnyx answers this time.
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedText(page)).toBe(en.orderDialog.search);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe(`${forSale('312').length} numbers for sale.`);
    expect(await dialog.getByRole('alert').textContent()).toBe('');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Order ${formatPhoneInternational(forSale('312')[0]!)}`);

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('fits a phone: the results wrap inside the dialog', async () => {
    const page = await adminPage({ viewport: 'phone' });
    await page.goto('/admin/numbers');
    await visible(page.getByRole('button', { name: en.order, exact: true }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'phone-page');
    const dialog = await openOrderDialog(page);
    await dialog.getByLabel(en.orderDialog.country, { exact: true }).selectOption('GB');
    await dialog.getByRole('button', { name: en.orderDialog.search, exact: true }).click();
    await expect.poll(() => dialog.getByRole('status').textContent()).toMatch(/numbers? for sale\.$/);
    await visible(dialog.getByText('1.50 USD per month').first());
    expect(await dialogOverflow(page)).toEqual([]);
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'phone-results');
    await dialog.getByRole('list', { name: en.orderDialog.results }).scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-results-scrolled');
  });

  for (const language of ['es', 'fr'] as const) {
    it(`reads in ${language}: the dialog's headings and the spec's message in that language, axe clean`, async () => {
      const texts = TEXTS[language].numbers;
      const page = await adminPage({ language });
      await page.goto('/admin/numbers');
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language);
      const dialog = await openOrderDialog(page, texts);
      await visible(dialog.getByRole('heading', { name: texts.orderDialog.results }));
      await dialog.getByRole('button', { name: texts.orderDialog.search, exact: true }).click();
      await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(MESSAGES[language].validation.numberSearchCriteria);
      await dialog.getByLabel(texts.orderDialog.country, { exact: true }).selectOption('FR');
      await dialog.getByRole('button', { name: texts.orderDialog.search, exact: true }).click();
      await visible(dialog.getByRole('list', { name: texts.orderDialog.results }));
      await expectNoAccessibilityViolations(page);
      await screenshot(page, `desktop-${language}`);
    });
  }
});

describe('carriers on the dashboard (issue 20, item 6)', () => {
  for (const [language, texts] of [
    ['en', enAdmin.dashboard],
    ['fr', frAdmin.dashboard],
  ] as const) {
    it(`shows Telnyx, the numbers its route gives it and how it is doing, in ${language}; axe clean`, async () => {
      const page = await adminPage({ language });
      await page.goto('/admin/dashboard');
      const lines = page.getByRole('region', { name: texts.linesHeading });
      await visible(lines);
      // The first list is the lines; the routes' list names Telnyx too.
      const telnyx = lines.getByRole('list').first().getByRole('listitem').filter({ hasText: texts.lineNames.telnyx });
      await visible(telnyx);
      // No fax has gone through Telnyx on this server: said as such, not as a figure made up.
      await expect.poll(() => telnyx.textContent()).toContain(texts.lineNoSuccess);
      await expect.poll(() => telnyx.textContent()).toContain(texts.lineLastHourNone);
      await visible(lines.getByRole('heading', { name: texts.routesHeading }));
      await expect.poll(() => lines.getByRole('listitem').filter({ hasText: '+44' }).textContent()).toContain(texts.lineNames.telnyx);
      await expectNoAccessibilityViolations(page);
      await lines.scrollIntoViewIfNeeded();
      await screenshot(page, `dashboard-${language}`);
    });
  }
});
