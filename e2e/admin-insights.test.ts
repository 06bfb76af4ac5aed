import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformAdmin } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { sendFaxThroughApi } from './support/faxes';
import { phonePageOf, textShown, toast, useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

const { browser } = useBrowser();
const screenshots = useScreenshotsFolder('faxline-admin-insights-');
let context: BrowserContext;
let admin: { email: string; password: string };

/** The figure of one stat card, as a number ("1,234" -> 1234). */
async function statValue(page: Page, label: string): Promise<number> {
  const card = page.locator('dl > div').filter({ has: page.getByRole('term').getByText(label, { exact: true }) });
  const text = (await card.getByRole('definition').first().textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

beforeAll(async () => {
  admin = await createPlatformAdmin();
  context = await newContext(browser);
  // The back-office login, as an admin signs in (e-mail and password on /admin/login).
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  // expect.poll is for tests only; a hook waits with Playwright.
  await page.waitForURL((url) => url.pathname === '/admin/dashboard');
  await page.close();
  await sendFaxThroughApi(context, { recipientNumber: '+12025550143' }, 2);
}, 120_000);
afterAll(async () => {
  await context.close();
});

describe('analytics (spec 001 §2.11, §4)', () => {
  it('shows the figures of the last 30 days by default, switches range, and has no accessibility violations', async () => {
    const page = await context.newPage();
    await page.goto('/admin/analytics');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Analytics');
    expect(await page.getByLabel('Time range').inputValue()).toBe('last30days');
    await textShown(page, 'All dates and times are in UTC.');
    await textShown(page, 'Faxes sent per day, by status');
    // The fax sent in the set-up counts (other test files may send more at the same time).
    expect(await statValue(page, 'Faxes sent')).toBeGreaterThanOrEqual(1);
    // A partial delivery and an uncertain call are counted apart, never as delivered (decision 119).
    expect(await statValue(page, 'Partly delivered')).toBeGreaterThanOrEqual(0);
    expect(await statValue(page, 'Uncertain')).toBeGreaterThanOrEqual(0);
    await textShown(page, 'Pages sent and received per day');
    await textShown(page, 'Top failure reasons');
    // The revenue figures and the failed payments list read the server (decision 092), in the page's language.
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Revenue' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Failed payments' }).isVisible()).toBe(true);
    await expectNoAccessibilityViolations(page);

    // The chart's data is there for screen readers (and anyone) as a table.
    const faxesChart = page.getByRole('region', { name: 'Faxes sent per day, by status', exact: true });
    await faxesChart.getByText('Show the figures as a table').click();
    const table = faxesChart.getByRole('table');
    await expect.poll(() => table.getByRole('row').count()).toBe(31); // the header row and 30 days
    await expect
      .poll(() => table.getByRole('columnheader').allInnerTexts())
      .toEqual([expect.any(String), 'Delivered', 'Partly delivered', 'Uncertain', 'Failed', 'In progress', 'Canceled']);
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(screenshots(), 'analytics-en-desktop.png'));

    await page.getByLabel('Time range').selectOption('last24hours');
    await expect.poll(() => new URL(page.url()).searchParams.get('range')).toBe('last24hours');
    await textShown(page, 'Faxes sent per hour, by status');
    expect(await statValue(page, 'Faxes sent')).toBeGreaterThanOrEqual(1);
    await expect.poll(() => statValue(page, 'Pages sent')).toBeGreaterThanOrEqual(2);

    await page.getByLabel('Time range').selectOption('alltime');
    await expect.poll(() => new URL(page.url()).searchParams.get('range')).toBe('alltime');
    await textShown(page, 'Faxes sent per day, by status');
    await page.close();
  });
});

describe('the audit log', () => {
  it('filters by action and person and shows the admin’s own fax send; no accessibility violations', async () => {
    const page = await context.newPage();
    await page.goto('/admin/audit-log');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Audit Log');
    await expect.poll(() => page.getByRole('table').isVisible(), { timeout: 15_000 }).toBe(true);
    await expectNoAccessibilityViolations(page);

    // The action select offers what has been recorded: the fax send is among it.
    await expect.poll(() => page.getByLabel('Action', { exact: true }).locator('option', { hasText: 'fax.send' }).count()).toBe(1);
    await page.getByLabel('Action', { exact: true }).selectOption('fax.send');
    await page.getByLabel('Person', { exact: true }).fill(admin.email);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('action')).toBe('fax.send');

    const rows = page.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count()).toBe(2); // the header and the one fax sent
    const row = rows.nth(1);
    expect(await row.textContent()).toContain(admin.email);
    expect(await row.textContent()).toContain('fax.send');
    expect(await row.textContent()).toContain('Success');
    // The details open in a row of their own under the event.
    await row.getByRole('button', { name: /Show details/ }).click();
    await expect.poll(() => row.getByRole('button', { name: /Hide details/ }).getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.getByRole('table').locator('pre').textContent()).toContain('+12025550143');
    await expectNoAccessibilityViolations(page);

    // A filter nothing matches says so.
    await page.getByLabel('Person', { exact: true }).fill('nobody-at-all@example.com');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await textShown(page, 'No audit events match these filters.');
    await page.close();
  });
});

describe('the line settings learned per destination (decision 120)', () => {
  it('shows what the calls to a number taught, and resets it (audited); no accessibility violations', async () => {
    // A number of this test's own: a healthy fax machine on the sandbox line, whose one delivered call is learned.
    const number = '+12025550187';
    await sendFaxThroughApi(context, { recipientNumber: number });
    const profileUrl = `/api/admin/line-profiles?number=${encodeURIComponent(number)}`;
    await expect
      .poll(async () => ((await (await context.request.get(profileUrl)).json()) as { profile: unknown }).profile !== null, {
        timeout: 60_000,
      })
      .toBe(true);

    const page = await context.newPage();
    await page.goto('/admin/line-profiles');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Line settings');
    await page.getByLabel('Fax number').fill('12');
    await page.getByRole('button', { name: 'Show' }).click();
    await textShown(page, 'Enter a fax number in international format, starting with +.');
    await page.getByLabel('Fax number').fill(number);
    await page.getByRole('button', { name: 'Show' }).click();
    await textShown(page, 'V.17 (14,400 bit/s), ECM on');
    await textShown(page, '1 (1 delivered, 0 failed)');
    await textShown(page, 'Sandbox line (simulated)');
    // A healthy machine of the sandbox answers over T.38 (decision 151).
    await textShown(page, 'T.38');
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, `${screenshots()}/line-settings-desktop-en.png`);

    await page.getByRole('button', { name: 'Reset the line settings' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Reset these line settings?' });
    await visible(dialog);
    await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
    await visible(toast(page, 'The line settings of +1 202 555 0187 were reset.'));
    await textShown(page, 'Nothing has been learned of this number yet: its next call starts at V.17 (14,400 bit/s) with ECM.');
    await page.close();
    expect(((await (await context.request.get(profileUrl)).json()) as { profile: unknown }).profile).toBeNull();
    const audit = await context.request.get(`/api/admin/audit?action=line_profile.reset`);
    expect(JSON.stringify(await audit.json())).toContain(number);

    // On a phone, in Spanish and French: the same page, nothing learned any more.
    for (const [language, heading, label, show, nothing] of [
      ['es', 'Ajustes de línea', 'Número de fax', 'Mostrar', 'Todavía no se ha aprendido nada de este número'],
      ['fr', 'Réglages de ligne', 'Numéro de fax', 'Afficher', 'Rien n’a encore été appris de ce numéro'],
    ] as const) {
      const phone = await phonePageOf(browser, context, language);
      await phone.goto('/admin/line-profiles');
      await visible(phone.getByRole('heading', { level: 1, name: heading }));
      await phone.getByLabel(label).fill(number);
      await phone.getByRole('button', { name: show }).click();
      await visible(phone.getByText(nothing));
      await expectNoAccessibilityViolations(phone);
      await wholePageScreenshot(phone, `${screenshots()}/line-settings-phone-${language}.png`);
      await phone.context().close();
    }
  }, 120_000);
});
