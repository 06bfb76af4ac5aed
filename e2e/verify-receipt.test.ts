import fs from 'node:fs/promises';
import path from 'node:path';
import { formatPhoneInternational, MAX_RECEIPT_BYTES, SANDBOX_TEST_NUMBERS, type TFaxListResponse } from '@faxline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { sendFaxThroughApi } from './support/faxes';
import { useBrowser, useScreenshotsFolder, visible } from './support/fixtures';

const { browser } = useBrowser();
const screenshots = useScreenshotsFolder('faxline-verify-receipt-');

/**
 * A delivered fax's signed transmission report and its evidence pack, downloaded from its details as its sender would
 * (the details in `language`, at `viewport`'s width, screenshot kept).
 */
async function downloadedProof(
  pages: number,
  language: 'en' | 'es' = 'en',
  viewport: 'desktop' | 'phone' = 'desktop',
): Promise<{ report: Buffer; pack: Buffer }> {
  const context = await newContext(browser, { viewport });
  await signedInPerson(context, 'Proof Seeker');
  await sendFaxThroughApi(context, { recipientNumber: SANDBOX_TEST_NUMBERS.delivers }, pages);
  const page = await context.newPage();
  await page.goto('/user/fax-history');
  const words = WORDS[language];
  if (language === 'en') {
    const table = page.getByRole('table', { name: /^Sent faxes/ });
    await visible(table.getByText('Delivered', { exact: true }), 60_000);
  } else {
    // Delivered, then the page in the person's language (kept in local storage, as the language menu does).
    await expect
      .poll(
        async () => ((await (await context.request.get('/api/faxes?direction=outbound')).json()) as TFaxListResponse).faxes[0]?.status,
        {
          timeout: 60_000,
        },
      )
      .toBe('delivered');
    await page.evaluate((code) => localStorage.setItem('language', code), language);
    await page.reload();
  }
  // A phone lists the faxes as cards, each with the same actions menu as a row of the table.
  await page.getByRole('button', { name: words.actions }).first().click();
  await page.getByRole('menuitem', { name: words.details, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: words.dialog });
  const downloaded = async (button: string) => {
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: button }).click();
    return fs.readFile(await (await download).path());
  };
  const report = await downloaded(words.report);
  // The evidence pack, beside the report: a button the keyboard reaches, in the dialog axe finds sound.
  const packButton = dialog.getByRole('button', { name: words.pack });
  await visible(packButton);
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: path.join(screenshots(), `evidence-pack-button-${language}-${viewport}.png`) });
  const pack = await downloaded(words.pack);
  await context.close();
  return { report, pack };
}

const WORDS = {
  en: {
    actions: /^Actions for the fax of/,
    details: 'View Details',
    dialog: 'Fax Details',
    report: 'Download Transmission Report',
    pack: 'Download Evidence Pack',
  },
  es: {
    actions: /^Acciones del fax/,
    details: 'Ver detalles',
    dialog: 'Detalles del fax',
    report: 'Descargar informe de transmisión',
    pack: 'Descargar paquete de pruebas',
  },
} as const;

/** A signed-out visitor's context, its pages in `language` (kept in local storage, as the language menu does). */
async function visitorIn(language: 'en' | 'fr', viewport: 'desktop' | 'phone' = 'desktop'): Promise<BrowserContext> {
  const context = await newContext(browser, { viewport });
  await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
  return context;
}

async function upload(page: Page, label: string, buffer: Buffer, verifyButton: string) {
  await page.getByLabel(label).setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer });
  await page.getByRole('button', { name: verifyButton, exact: true }).click();
}

/** The value the verified report's facts give for `term`. */
const fact = (page: Page, term: string) =>
  page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

describe('the public /verify-receipt page (issue 16, item 4)', () => {
  it('verifies a report downloaded from the fax details, refuses a copy with one byte changed, and speaks French', async () => {
    const { report, pack } = await downloadedProof(2);
    expect(report.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const context = await visitorIn('en');
    const page = await context.newPage();
    const checks: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/receipts/verify')) checks.push(request.method());
    });
    await page.goto('/verify-receipt');
    await visible(page.getByRole('heading', { name: 'Verify a Transmission Report', level: 1 }));
    await visible(page.getByRole('link', { name: '/.well-known/faxline-receipt-key' }));
    await visible(page.getByText(/npm run receipt:verify -- report\.pdf/));
    await expectNoAccessibilityViolations(page);

    await upload(page, 'Transmission report (PDF)', report, 'Verify');
    const status = page.getByRole('status').filter({ hasText: /Verified|Not verified/ });
    await visible(status.getByText('Verified: this report was signed by this Faxline server and has not been changed.'));
    await visible(fact(page, 'Pages').getByText('2 of 2 confirmed', { exact: true }));
    await visible(fact(page, 'To').getByText(formatPhoneInternational(SANDBOX_TEST_NUMBERS.delivers), { exact: true }));
    await visible(fact(page, 'Result').getByText('Delivered: every page confirmed', { exact: true }));
    // The SHA-256 of each page, in a list of its own.
    expect(await page.locator('ol li code').allInnerTexts()).toEqual([
      expect.stringMatching(/^[0-9a-f]{64}$/),
      expect.stringMatching(/^[0-9a-f]{64}$/),
    ]);
    await expectNoAccessibilityViolations(page);

    // The evidence pack is checked the same way, and says what it is and which call delivered each page.
    await upload(page, 'Transmission report (PDF)', pack, 'Verify');
    await visible(fact(page, 'Document').getByText(/^Evidence pack/));
    await visible(page.locator('ol li').first().getByText('delivered on call 1', { exact: true }));
    await page.screenshot({ path: path.join(screenshots(), 'verify-evidence-pack-en.png'), fullPage: true });
    await expectNoAccessibilityViolations(page);

    // One byte of the PDF changed, the signature and its facts left as they were.
    const changed = Buffer.from(report);
    const at = Math.floor(changed.length / 3);
    changed[at] = changed[at]! ^ 0x01;
    await upload(page, 'Transmission report (PDF)', changed, 'Verify');
    await visible(status.getByText('Not verified', { exact: true }));
    await visible(status.getByText('The report was changed after it was signed: do not rely on it.'));
    expect(await page.locator('dl').count()).toBe(0);
    await expectNoAccessibilityViolations(page);
    expect(checks).toEqual(['POST', 'POST', 'POST']);

    // A file too large to be a report is refused before it is sent.
    await upload(page, 'Transmission report (PDF)', Buffer.alloc(MAX_RECEIPT_BYTES + 1), 'Verify');
    await visible(page.getByRole('status').getByText(/^"report\.pdf" is larger than .+: it cannot be a Faxline transmission report\.$/));
    expect(checks).toHaveLength(3);
    await context.close();

    // The same page in French.
    const french = await visitorIn('fr');
    const frenchPage = await french.newPage();
    await frenchPage.goto('/verify-receipt');
    await visible(frenchPage.getByRole('heading', { name: 'Vérifier un rapport de transmission', level: 1 }));
    await upload(frenchPage, 'Rapport de transmission (PDF)', report, 'Vérifier');
    await visible(
      frenchPage.getByRole('status').getByText('Vérifié : ce rapport a été signé par ce serveur Faxline et n’a pas été modifié.'),
    );
    await visible(fact(frenchPage, 'Pages').getByText('2 sur 2 confirmées', { exact: true }));
    await expectNoAccessibilityViolations(frenchPage);
    await french.close();
  }, 150_000);

  it('offers the evidence pack in Spanish on a phone, and the pack verifies', async () => {
    const { pack } = await downloadedProof(1, 'es', 'phone');
    expect(pack.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const context = await visitorIn('en');
    const page = await context.newPage();
    await page.goto('/verify-receipt');
    await upload(page, 'Transmission report (PDF)', pack, 'Verify');
    await visible(page.getByText('Verified: this report was signed by this Faxline server and has not been changed.'));
    await context.close();
  }, 150_000);
});
