import fs from 'node:fs/promises';
import { formatPhoneInternational, MAX_RECEIPT_BYTES, SANDBOX_TEST_NUMBERS } from '@faxline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { sendFaxThroughApi } from './support/faxes';
import { useBrowser, visible } from './support/fixtures';

const { browser } = useBrowser();

/** A delivered fax's signed transmission report, downloaded from its details as its sender would. */
async function downloadedReport(pages: number): Promise<Buffer> {
  const context = await newContext(browser);
  await signedInPerson(context, 'Proof Seeker');
  await sendFaxThroughApi(context, { recipientNumber: SANDBOX_TEST_NUMBERS.delivers }, pages);
  const page = await context.newPage();
  await page.goto('/user/fax-history');
  const table = page.getByRole('table', { name: /^Sent faxes/ });
  await visible(table.getByText('Delivered', { exact: true }), 60_000);
  await table.getByRole('button', { name: /^Actions for the fax of/ }).click();
  await page.getByRole('menuitem', { name: 'View Details', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Fax Details' });
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download Transmission Report' }).click();
  const report = await fs.readFile(await (await download).path());
  await context.close();
  return report;
}

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
    const report = await downloadedReport(2);
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

    // One byte of the PDF changed, the signature and its facts left as they were.
    const changed = Buffer.from(report);
    const at = Math.floor(changed.length / 3);
    changed[at] = changed[at]! ^ 0x01;
    await upload(page, 'Transmission report (PDF)', changed, 'Verify');
    await visible(status.getByText('Not verified', { exact: true }));
    await visible(status.getByText('The report was changed after it was signed: do not rely on it.'));
    expect(await page.locator('dl').count()).toBe(0);
    await expectNoAccessibilityViolations(page);
    expect(checks).toEqual(['POST', 'POST']);

    // A file too large to be a report is refused before it is sent.
    await upload(page, 'Transmission report (PDF)', Buffer.alloc(MAX_RECEIPT_BYTES + 1), 'Verify');
    await visible(page.getByRole('status').getByText(/^"report\.pdf" is larger than .+: it cannot be a Faxline transmission report\.$/));
    expect(checks).toHaveLength(2);
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
});
