import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SANDBOX_TEST_NUMBERS } from '@faxline/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminContext, signedInMember, signedInPerson, onPlan } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { sendFaxThroughApi } from './support/faxes';
import { overflowOf, phonePageOf, toast, useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

// The account's data export in /user/settings (decision 110): the owner asks, sees it built, downloads the ZIP; a
// member has no such section. Desktop in English, a phone in Spanish and French. And the back office's backup
// section: its two settings in force (no longer Planned) and the last backup's panel.

const { browser } = useBrowser();
const screenshots = useScreenshotsFolder('faxline-e2e-data-export-');

const section = (page: Page) => page.locator('#data-export');

/** The section once the cards above it have stopped arriving (each loads its own data and texts, moving it down). */
async function settledSection(page: Page) {
  let last = -1;
  await expect
    .poll(async () => {
      const top = (await section(page).boundingBox())?.y ?? -1;
      const settled = top === last;
      last = top;
      return settled;
    })
    .toBe(true);
  return section(page);
}

describe('the data export in the settings', () => {
  it('the owner asks for the ZIP, sees it ready and downloads it; a member sees no export', async () => {
    const owner = await newContext(browser);
    await signedInPerson(owner, 'Olivia Owner');
    await sendFaxThroughApi(owner, { recipientNumber: SANDBOX_TEST_NUMBERS.delivers });
    const page = await owner.newPage();
    await page.goto('/user/settings#data-export');
    await visible(section(page).getByRole('heading', { name: "Export the account's faxes" }));
    await section(page).getByRole('button', { name: 'Export all faxes' }).click();
    await visible(toast(page, 'Export asked for'));
    const download = section(page).getByRole('link', { name: 'Download ZIP' });
    await visible(download, 30_000);
    await visible(section(page).getByText(/^1 fax, .*; can be downloaded until /));
    await expectNoAccessibilityViolations(page);
    await (await settledSection(page)).screenshot({ path: path.join(screenshots(), 'data-export-desktop-en.png') });

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^faxline-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const saved = path.join(screenshots(), 'export.zip');
    await file.saveAs(saved);
    expect((await readFile(saved)).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');

    for (const [language, heading, button] of [
      ['es', 'Exportar los faxes de la cuenta', 'Descargar ZIP'],
      ['fr', 'Exporter les fax du compte', 'Télécharger le ZIP'],
    ] as const) {
      const phone = await phonePageOf(browser, owner, language);
      await phone.goto('/user/settings#data-export');
      await visible(section(phone).getByRole('heading', { name: heading }));
      await visible(section(phone).getByRole('link', { name: button }));
      expect((await overflowOf(phone)).offenders).toEqual([]);
      await (await settledSection(phone)).screenshot({ path: path.join(screenshots(), `data-export-phone-${language}.png`) });
      if (language === 'es') await wholePageScreenshot(phone, path.join(screenshots(), 'settings-phone-es.png'));
      await phone.context().close();
    }

    // Members come with a plan that has them (decision 087); a member sees no export section.
    await onPlan(owner, 'business');
    const member = await newContext(browser);
    await signedInMember(owner, member, 'Admin', 'Ada Admin');
    const memberPage = await member.newPage();
    await memberPage.goto('/user/settings');
    await visible(memberPage.getByRole('heading', { name: 'Settings', level: 1 }));
    await visible(memberPage.getByRole('button', { name: 'Save All Settings' }));
    expect(await section(memberPage).count()).toBe(0);
    await member.close();
    await owner.close();
  });

  it("the back office's backup settings take effect (not Planned) and the last backup is shown", async () => {
    const admin = await adminContext(browser);
    const page = await admin.newPage();
    await page.goto('/admin/settings#backup');
    const backups = page.getByLabel('Automatic backups', { exact: true });
    await visible(backups);
    expect(await backups.isDisabled()).toBe(false);
    expect(await page.getByLabel('Backup retention (days)', { exact: true }).isDisabled()).toBe(false);
    const last = page.getByTestId('last-backup');
    await visible(last.getByRole('heading', { name: 'Last backup' }));
    // The test server has taken none (the daily job runs at 02:30 UTC); the panel says so rather than invent one.
    await visible(last.getByText('No backup has been taken yet.'));
    const section = page.getByRole('region', { name: 'Backup & Restore' });
    expect(await section.getByText('Planned', { exact: true }).count()).toBe(0);
    await expectNoAccessibilityViolations(page);
    await section.screenshot({ path: path.join(screenshots(), 'admin-backup-desktop-en.png') });

    // The privacy policy says what is backed up and for how long, from the settings in force (daily, 30 days).
    await page.goto('/privacy-policy#data-security');
    const said = page.getByTestId('privacy-backups');
    await visible(said);
    expect(await said.textContent()).toContain('Backups are taken every day and each is kept for 30 days, then deleted');
    expect(await said.textContent()).toContain('encrypted with AES-256');
    await admin.close();
  });
});
