import path from 'node:path';
import { SANDBOX_TEST_NUMBERS, ZAccountDeliveryRecord, ZPublicStatus, type TDeliveryFigures, type TPublicStatus } from '@faxline/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enTexts from '../apps/web/src/locales/en/delivery-record.json';
import { signedInPerson } from './support/accounts';
import { collectConsoleErrors, expectNoAccessibilityViolations, newContext } from './support/browser';
import { sendFaxThroughApi } from './support/faxes';
import { overflowOf, phonePageOf, useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

// The delivery record (decision 122): the public /status page shows the figures of the JSON behind it (which the
// integration test checks against faxes of known times), reached from the footer, on a desktop in English and a
// phone in French; an account's own figures on its dashboard after one fax delivered by the sandbox (first, so that
// /status has that fax at least to show).

const { browser } = useBrowser();
const LINE_NAMES = enTexts.lines.names;
const screenshots = useScreenshotsFolder('faxline-e2e-delivery-record-');

/** Opens /status and answers with the JSON the page itself was given. */
async function openStatus(page: Page, from = '/status'): Promise<TPublicStatus> {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/status');
  if (from === '/status') await page.goto('/status');
  return ZPublicStatus.parse(await (await answer).json());
}

/** The words the first figure of a period says: "<delivered first time> of <faxes> faxes". */
const firstTryDetail = (figures: TDeliveryFigures) =>
  `${figures.deliveredFirstTry.toLocaleString('en-US')} of ${figures.faxes.toLocaleString('en-US')} ${figures.faxes === 1 ? 'fax' : 'faxes'}`;

describe('the delivery record', () => {
  it("the dashboard shows the account's own figures: one fax, delivered by its first call", async () => {
    const owner = await newContext(browser);
    await signedInPerson(owner, 'Della Record');
    await sendFaxThroughApi(owner, { recipientNumber: SANDBOX_TEST_NUMBERS.delivers });
    // The sandbox's call takes a few seconds; the figures count the fax once it ended.
    await expect
      .poll(
        async () => {
          const answer = await owner.request.get('/api/delivery-record');
          return ZAccountDeliveryRecord.parse(await answer.json()).windows[0]!.overall.delivered;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(1);

    const page = await owner.newPage();
    await page.goto('/user/dashboard');
    const card = page.getByRole('region', { name: 'Your delivery record' });
    await visible(card.getByText("Your account's sent faxes, counted as on the public status page."));
    const day = card.getByRole('tabpanel', { name: 'Last 24 hours' });
    const allLines = day.getByLabel('Figures of all lines, Last 24 hours');
    await visible(allLines.getByText('1 of 1 fax', { exact: true }));
    await visible(allLines.getByText('100%', { exact: true }));
    await visible(allLines.getByText('1.00', { exact: true }));
    await visible(allLines.getByText('Delivered: 1 · calls: 1', { exact: true }));
    const sandbox = day.getByRole('row', { name: /^Sandbox test line/ });
    await expect.poll(() => sandbox.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['1', '100%', '1.00']));
    await expectNoAccessibilityViolations(page);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: path.join(screenshots(), 'dashboard-record-desktop-en.png') });

    const phone = await phonePageOf(browser, owner, 'es');
    await phone.goto('/user/dashboard');
    const tarjeta = phone.getByRole('region', { name: 'Su registro de entregas' });
    await visible(tarjeta.getByText('1 de 1 fax', { exact: true }));
    await visible(tarjeta.getByRole('link', { name: 'El registro de Faxline para todos' }));
    await expectNoAccessibilityViolations(phone);
    expect((await overflowOf(phone, { scrollingRegionsAllowed: true })).offenders).toEqual([]);
    await tarjeta.screenshot({ path: path.join(screenshots(), 'dashboard-record-phone-es.png') });
  });

  it('the footer leads to /status, whose figures and notices are those of GET /api/status, in English and in French on a phone', async () => {
    const visitor = await newContext(browser);
    await visitor.addInitScript(() => localStorage.setItem('cookie-consent', 'accepted'));
    const page = await visitor.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    const statusAnswer = openStatus(page, 'footer');
    await page.getByRole('contentinfo').getByRole('link', { name: 'System status' }).click();
    const status = await statusAnswer;
    await expect.poll(() => new URL(page.url()).pathname).toBe('/status');
    await visible(page.getByRole('heading', { level: 1, name: 'Status and delivery record' }));

    // Other browser files send faxes too: the page is checked against the answer it was given, which counts at least
    // the fax the dashboard's test delivered.
    const day = status.windows.find((w) => w.window === '24h')!;
    expect(day.overall.delivered).toBeGreaterThanOrEqual(1);
    const figures = page.getByRole('tabpanel', { name: 'Last 24 hours' });
    await visible(figures.getByText(firstTryDetail(day.overall), { exact: true }));
    await visible(figures.getByText('1.3 is called attainable', { exact: true }));
    await expect.poll(() => figures.getByRole('rowheader').allTextContents()).toEqual(day.lines.map((l) => LINE_NAMES[l.line]));
    const notices = page.getByRole('region', { name: 'Incidents and maintenance, last 30 days' });
    if (status.incidents.length === 0) await visible(notices.getByText('No incident or maintenance notice in the last 30 days.'));
    else await expect.poll(() => notices.getByRole('listitem').count()).toBe(status.incidents.length);

    // The periods are tabs: the arrow keys move between them.
    await page.getByRole('tab', { name: 'Last 24 hours' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Last 24 hours');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Last 7 days');
    await page.keyboard.press('ArrowRight');
    await visible(page.getByRole('tabpanel', { name: 'Last 30 days' }));
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(screenshots(), 'status-desktop-en.png'));
    expect(errors).toEqual([]);

    const phone = await phonePageOf(browser, visitor, 'fr');
    const inFrench = await openStatus(phone);
    await visible(phone.getByRole('heading', { level: 1, name: 'État et bilan des envois' }));
    await visible(phone.getByRole('tab', { name: 'Dernières 24 heures' }));
    const month = inFrench.windows.find((w) => w.window === '30d')!;
    await phone.getByRole('tab', { name: '30 derniers jours' }).click();
    await visible(
      phone
        .getByRole('tabpanel', { name: '30 derniers jours' })
        .getByText(`${month.overall.deliveredFirstTry.toLocaleString('fr')} fax sur ${month.overall.faxes.toLocaleString('fr')}`),
    );
    await expectNoAccessibilityViolations(phone);
    expect((await overflowOf(phone, { scrollingRegionsAllowed: true })).offenders).toEqual([]);
    await wholePageScreenshot(phone, path.join(screenshots(), 'status-phone-fr.png'));
  });
});
