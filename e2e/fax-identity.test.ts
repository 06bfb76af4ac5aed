import fs from 'node:fs/promises';
import { faxHeaderTime } from '@faxline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { onPlan, signedInMember, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations } from './support/browser';
import { overflowOf, phonePageOf, sameOrigin, toast, useBrowser, visible } from './support/fixtures';

/**
 * Every sent fax carries a header line (date and time, the sender's name, its station id, "Page x/y")
 * and each number a station id. The owner and sub-admins set them on the Settings page; no one else sees them.
 */

const { browser, context } = useBrowser();

const localeFile = async (language: string) =>
  JSON.parse(await fs.readFile(new URL(`../apps/web/src/locales/${language}/fax-identity.json`, import.meta.url), 'utf8')) as {
    title: string;
  };

type TIdentity = {
  header: { enabled: boolean; name: string; timeZone: string };
  numbers: Array<{ phoneNumber: string; stationId: string }>;
};

const section = (page: Page) => page.getByRole('region', { name: 'Fax Header and Station IDs' });
const stationId = (page: Page, number: string) => section(page).getByLabel(`Station ID for ${number}`);
const preview = (page: Page) => section(page).getByRole('status', { name: 'Preview' });

/** "2026-11-26 14:05" in New York, as the header prints it (the server's own formatting). */
const newYorkTime = (at: Date) => faxHeaderTime(at, 'America/New_York');

describe('Fax Header and Station IDs on the Settings page (issue 16, item 3)', () => {
  let owner: BrowserContext;
  let page: Page;
  let number: string;

  it('the owner sets the name, the time zone and a station id; the preview shows the header as it prints', async () => {
    owner = await context();
    await signedInPerson(owner, 'Clara Owner');
    await onPlan(owner, 'business');
    const numbers = (await (await owner.request.get('/api/numbers')).json()) as { numbers: Array<{ phoneNumber: string }> };
    number = numbers.numbers[0]!.phoneNumber;

    page = await owner.newPage();
    await page.goto('/user/settings');
    await visible(section(page).getByRole('heading', { name: 'Fax Header and Station IDs', level: 2 }));
    // Before the blocklist, as the issue places it.
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.indexOf('Fax Header and Station IDs')).toBeLessThan(headings.indexOf('Blocked Numbers'));

    const enabled = section(page).getByRole('switch', { name: 'Print a header line on every page' });
    if (!(await enabled.isChecked())) await enabled.check();
    const name = section(page).getByLabel('Name on the header');
    // Empty, the header carries the account's name: the placeholder and the help say which.
    expect(await name.getAttribute('placeholder')).toBe('Clara Owner');
    await visible(section(page).getByText('Leave it empty to print your account name, Clara Owner.', { exact: false }));
    expect(await stationId(page, number).getAttribute('placeholder')).toBe(number);
    await visible(section(page).getByText(/using only digits, \+ and spaces/));
    await visible(section(page).getByText('Changes apply to faxes sent from now on.', { exact: false }));

    await name.fill('Clínica Santé');
    await section(page).getByLabel('Time zone').selectOption('America/New_York');
    await stationId(page, number).fill('+1 555 0100');

    const before = newYorkTime(new Date());
    const line = await preview(page).textContent();
    const after = newYorkTime(new Date());
    expect([`${before}   Clinica Sante   +1 555 0100   Page 1/3`, `${after}   Clinica Sante   +1 555 0100   Page 1/3`]).toContain(line);

    await section(page).getByRole('button', { name: 'Save Fax Header' }).click();
    await visible(toast(page, 'Fax Header Saved'));

    await page.reload();
    await visible(section(page).getByRole('heading', { name: 'Fax Header and Station IDs', level: 2 }));
    await expect.poll(() => section(page).getByLabel('Name on the header').inputValue()).toBe('Clínica Santé');
    expect(await section(page).getByLabel('Time zone').inputValue()).toBe('America/New_York');
    expect(await stationId(page, number).inputValue()).toBe('+1 555 0100');
    await visible(preview(page).getByText(/Clinica Sante {3}\+1 555 0100 {3}Page 1\/3$/));
    const saved = (await (await owner.request.get('/api/fax-identity')).json()) as TIdentity;
    expect(saved.header).toEqual({ enabled: true, name: 'Clínica Santé', timeZone: 'America/New_York' });
    expect(saved.numbers).toEqual([{ phoneNumber: number, stationId: '+1 555 0100' }]);
    await expectNoAccessibilityViolations(page);
  });

  it('a station id with letters is refused on its field, translated, and nothing is saved', async () => {
    const field = stationId(page, number);
    await field.fill('abc');
    await section(page).getByRole('button', { name: 'Save Fax Header' }).click();
    const message = 'A station id can hold only digits, + and spaces, as fax machines show it.';
    await visible(section(page).getByText(message, { exact: true }));
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoAccessibilityViolations(page);
    const saved = (await (await owner.request.get('/api/fax-identity')).json()) as TIdentity;
    expect(saved.numbers).toEqual([{ phoneNumber: number, stationId: '+1 555 0100' }]);

    // The server refuses it too, in the caller's language, naming the field.
    const refused = await owner.request.put('/api/fax-identity', {
      headers: { ...sameOrigin(), 'accept-language': 'fr' },
      data: { header: saved.header, numbers: [{ phoneNumber: number, stationId: 'abc' }] },
    });
    expect(refused.status()).toBe(400);
    const body = (await refused.json()) as { error: { issues: Array<{ path: string; message: string }> } };
    expect(body.error.issues[0]).toEqual({
      path: 'body.numbers.0.stationId',
      message: 'Un identifiant de station ne peut contenir que des chiffres, + et des espaces, comme l’affichent les télécopieurs.',
    });
    expect(((await (await owner.request.get('/api/fax-identity')).json()) as TIdentity).numbers[0]!.stationId).toBe('+1 555 0100');
  });

  it('fits a 390 px screen in English and French, with no accessibility violations', async () => {
    for (const language of ['en', 'fr'] as const) {
      const texts = await localeFile(language);
      const phone = await phonePageOf(browser, owner, language);
      await phone.goto('/user/settings');
      const region = phone.getByRole('region', { name: texts.title });
      await visible(region.getByText(number, { exact: true }));
      await region.scrollIntoViewIfNeeded();
      const overflow = await overflowOf(phone, { within: '#fax-identity' });
      expect(overflow.offenders, language).toEqual([]);
      expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.width);
      await expectNoAccessibilityViolations(phone);
      await phone.close();
    }
  });

  it('a standard User does not see the section, and the server refuses them', async () => {
    const member = await context();
    await signedInMember(owner, member, 'User');

    const memberPage = await member.newPage();
    await memberPage.goto('/user/settings');
    // The Delete Account card waits for the account's answer, as the section does: once it shows, the role is known.
    await visible(memberPage.getByRole('heading', { name: 'Delete Account', level: 2 }));
    expect(await memberPage.getByRole('heading', { name: 'Fax Header and Station IDs' }).count()).toBe(0);
    expect(await memberPage.getByLabel('Name on the header').count()).toBe(0);
    expect((await member.request.get('/api/fax-identity')).status()).toBe(403);
    const refused = await member.request.put('/api/fax-identity', {
      headers: sameOrigin(),
      data: { header: { enabled: false, name: 'Not mine', timeZone: 'UTC' }, numbers: [] },
    });
    expect(refused.status()).toBe(403);
    expect(((await (await owner.request.get('/api/fax-identity')).json()) as TIdentity).header.name).toBe('Clínica Santé');
  });
});
