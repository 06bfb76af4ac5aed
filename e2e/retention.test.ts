import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { sendFaxThroughApi } from './support/faxes';
import {
  overflowOf,
  phonePageOf,
  sameOrigin,
  toast,
  useBrowser,
  useScreenshotsFolder,
  visible,
  wholePageScreenshot,
} from './support/fixtures';

const { browser } = useBrowser();
const screenshots = useScreenshotsFolder('faxline-retention-');

/** Opens the details of the account's one received fax from the history (the table, or on a phone the cards). */
async function openReceivedFax(page: Page, names: { tab: RegExp; actions: RegExp; viewDetails: string; dialog: string }) {
  await page.goto('/user/fax-history');
  await page.getByRole('tab', { name: names.tab }).click();
  await page.getByRole('button', { name: names.actions }).first().click();
  await page.getByRole('menuitem', { name: names.viewDetails }).click();
  const dialog = page.getByRole('dialog', { name: names.dialog });
  await visible(dialog);
  return dialog;
}

describe('retention and legal hold (issue 38, decision 108)', () => {
  it('sets the policy in the settings, shows the next deletion, and puts a fax on legal hold from its details', async () => {
    const context = await newContext(browser);
    await signedInPerson(context, 'Clinique des Ormes');
    const numbers = (await (await context.request.get('/api/numbers')).json()) as { numbers: Array<{ phoneNumber: string }> };
    const own = numbers.numbers[0]!.phoneNumber;
    // A fax to the account's own number: one sent and one received, over the internal line.
    await sendFaxThroughApi(context, { recipientNumber: own });
    const inbound = async () =>
      ((await (await context.request.get('/api/faxes?direction=inbound')).json()) as { faxes: Array<{ id: string }> }).faxes;
    await expect.poll(async () => (await inbound()).length, { timeout: 60_000 }).toBe(1);

    // The settings: keep faxes 30 days, see when the next run is and what it clears.
    const settings = await context.newPage();
    await settings.goto('/user/settings#retention');
    const section = settings.getByRole('region', { name: 'Retention and legal hold' });
    await visible(section.getByText("Nothing is deleted: the account keeps its faxes' content forever."));
    await section.getByLabel('Keep fax content').selectOption('30');
    await section.getByRole('button', { name: 'Save retention policy' }).click();
    await visible(toast(settings, 'Retention policy saved'));
    await visible(section.getByText(/^Next deletion: .*, the content of 0 faxes\.$/));
    // Another number of days, out of bounds: the form says why, in its words, and nothing is saved.
    await section.getByLabel('Keep fax content').selectOption('custom');
    await section.getByLabel('Number of days (1 to 3650)').fill('4000');
    await section.getByRole('button', { name: 'Save retention policy' }).click();
    await visible(section.getByText('Choose a number of days between 1 and 3650, or keep faxes forever.'));
    const saved = (await (await context.request.get('/api/retention/policy')).json()) as { days: number };
    expect(saved.days).toBe(30);

    // A number on hold, with its reason.
    await section.getByLabel('What to hold').selectOption('number');
    await section.getByLabel('Number (international format, +...)').fill('+12025550188');
    await section.getByLabel('Reason', { exact: true }).fill('Subpoena 44-B');
    await section.getByRole('button', { name: 'Put on legal hold' }).click();
    await visible(toast(settings, 'Legal hold set'));
    const holds = section.getByRole('list', { name: 'Legal holds in force' });
    await visible(holds.getByText('Every fax to or from +12025550188', { exact: true }));
    await visible(holds.getByText(/Reason: Subpoena 44-B$/));
    await expectNoAccessibilityViolations(settings);
    await wholePageScreenshot(settings, path.join(screenshots(), 'settings-retention-desktop-en.png'));
    await section.screenshot({ path: path.join(screenshots(), 'settings-retention-section-desktop-en.png') });

    // The received fax on hold from its details: the reason is asked for, then the hold is shown.
    const history = await context.newPage();
    const dialog = await openReceivedFax(history, {
      tab: /^Received Faxes/,
      actions: /^Actions for the fax of/,
      viewDetails: 'View Details',
      dialog: 'Fax Details',
    });
    await dialog.getByRole('button', { name: 'Put on legal hold' }).click();
    await visible(dialog.getByText('Give the reason for the legal hold.'));
    await dialog.getByLabel('Reason for the hold').fill('Malpractice claim 2026-7');
    await dialog.getByRole('button', { name: 'Put on legal hold' }).click();
    await visible(dialog.getByText('On legal hold: kept whatever the retention policy.'));
    await visible(dialog.getByText(/Reason: Malpractice claim 2026-7$/));
    await visible(dialog.getByRole('button', { name: 'Lift the hold' }));
    await expectNoAccessibilityViolations(history);
    await wholePageScreenshot(history, path.join(screenshots(), 'fax-held-desktop-en.png'));

    // On a phone, in French: the section and the held fax, within the screen.
    const phone = await phonePageOf(browser, context, 'fr');
    await phone.goto('/user/settings#retention');
    const frSection = phone.getByRole('region', { name: 'Durée de conservation et conservation légale' });
    await visible(frSection.getByText(/^Prochaine suppression : /));
    await visible(frSection.getByText('Tous les fax vers ou depuis +12025550188', { exact: true }));
    expect((await overflowOf(phone)).offenders).toEqual([]);
    await expectNoAccessibilityViolations(phone);
    await wholePageScreenshot(phone, path.join(screenshots(), 'settings-retention-phone-fr.png'));
    await frSection.screenshot({ path: path.join(screenshots(), 'settings-retention-section-phone-fr.png') });
    const frDialog = await openReceivedFax(phone, {
      tab: /^Fax reçus/,
      actions: /^Actions pour le fax du/,
      viewDetails: 'Voir les détails',
      dialog: 'Détails du fax',
    });
    const frHeld = frDialog.getByText('En conservation légale : gardé quelle que soit la politique de conservation.');
    await visible(frHeld);
    await frHeld.scrollIntoViewIfNeeded();
    await expectNoAccessibilityViolations(phone);
    await wholePageScreenshot(phone, path.join(screenshots(), 'fax-held-phone-fr.png'));

    await phone.context().close();
    await context.close();
  });

  it('says in a fax’s details, in Spanish, that its content was deleted by zero-footprint mode once downloaded', async () => {
    const context = await newContext(browser, { locale: 'es' });
    await signedInPerson(context, 'Laboratorio Sur');
    const numbers = (await (await context.request.get('/api/numbers')).json()) as { numbers: Array<{ phoneNumber: string }> };
    const policy = await context.request.put('/api/retention/policy', {
      headers: sameOrigin(),
      data: { days: null, zeroFootprint: true },
    });
    expect(policy.status(), await policy.text()).toBe(200);
    await sendFaxThroughApi(context, { recipientNumber: numbers.numbers[0]!.phoneNumber });
    const inbound = async () =>
      ((await (await context.request.get('/api/faxes?direction=inbound')).json()) as { faxes: Array<{ id: string }> }).faxes;
    await expect.poll(async () => (await inbound()).length, { timeout: 60_000 }).toBe(1);
    const faxId = (await inbound())[0]!.id;
    expect((await context.request.get(`/api/faxes/${faxId}/document`)).status()).toBe(200);
    await expect.poll(async () => (await context.request.get(`/api/faxes/${faxId}/document`)).status(), { timeout: 30_000 }).toBe(410);

    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('language', 'es'));
    const dialog = await openReceivedFax(page, {
      tab: /^Faxes recibidos/,
      actions: /^Acciones del fax del/,
      viewDetails: 'Ver detalles',
      dialog: 'Detalles del fax',
    });
    const deleted = dialog.getByText(/^Contenido eliminado por el modo sin rastro el /);
    await visible(deleted);
    await deleted.scrollIntoViewIfNeeded();
    expect(await dialog.getByRole('button', { name: 'Descargar PDF' }).count()).toBe(0);
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(screenshots(), 'fax-content-deleted-desktop-es.png'));
    await context.close();
  });
});
