import fs from 'node:fs/promises';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { onPlan, signedInMember, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations } from './support/browser';
import { overflowOf, phonePageOf, sameOrigin, toast, useBrowser, visible } from './support/fixtures';

/**
 * Junk fax: the account's blocklist on the Settings page. Calls from a blocked number are rejected
 * and faxes to it refused; the owner and sub-admins keep the list, and no one else sees it.
 */

const { browser, context } = useBrowser();

const localeFile = async (language: string, namespace: string) =>
  JSON.parse(await fs.readFile(new URL(`../apps/web/src/locales/${language}/${namespace}.json`, import.meta.url), 'utf8')) as {
    title: string;
    list: Record<string, string>;
  };

const section = (page: Page) => page.getByRole('region', { name: 'Blocked Numbers' });
const entries = (page: Page) => section(page).getByRole('list', { name: 'Your Blocklist' }).getByRole('listitem');

/** The texts that describe a field to assistive technology (its aria-describedby), as one string. */
const descriptionOf = (field: Locator) =>
  field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

async function addBlockedNumber(page: Page, prefix: string, note = '') {
  await section(page).getByLabel('Number or prefix').fill(prefix);
  await section(page).getByLabel('Note (optional)').fill(note);
  await section(page).getByRole('button', { name: 'Block Number' }).click();
}

describe('Blocked Numbers on the Settings page (issue 16, item 6)', () => {
  let owner: BrowserContext;
  let page: Page;

  it('the owner blocks "+1 888 555" with a note; it is listed as +1888555, and a bad entry is refused on its field', async () => {
    owner = await context();
    await signedInPerson(owner, 'Bea Blocker');
    await onPlan(owner, 'business');
    page = await owner.newPage();
    await page.goto('/user/settings');
    await visible(section(page).getByRole('heading', { name: 'Blocked Numbers', level: 2 }));
    await visible(section(page).getByText('Calls from a blocked number are rejected: nothing is received or stored.'));
    await visible(section(page).getByText('Faxes to a blocked number are refused when you send them.'));
    await visible(section(page).getByText(/a prefix such as \+1888555 blocks every number that starts with it/));
    await visible(section(page).getByText('No numbers are blocked. Faxes from every number come through.'));
    await visible(section(page).getByText('0 of 500 numbers', { exact: true }));

    // Not a number in international format: the shared message, under the field, which gets focus.
    const number = section(page).getByLabel('Number or prefix');
    await addBlockedNumber(page, '1888555');
    const invalid = 'Enter a number or the start of numbers in international format, such as +15551234567 or +1555.';
    await visible(section(page).getByText(invalid, { exact: true }));
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(number)).toContain(invalid);
    expect(await number.evaluate((element) => element === document.activeElement)).toBe(true);

    await addBlockedNumber(page, '+1 888 555', 'Timeshare offers');
    await visible(toast(page, 'Number Blocked'));
    const row = entries(page).filter({ hasText: '+1888555' });
    await visible(row.getByText('+1888555', { exact: true }));
    await visible(row.getByText('Timeshare offers', { exact: true }));
    await visible(row.getByText(/^Added /));
    await visible(section(page).getByText('1 of 500 numbers', { exact: true }));
    expect(await number.inputValue()).toBe('');
    expect(await number.getAttribute('aria-invalid')).toBeNull();

    // Already on the list: the server's refusal, translated, on the field.
    await addBlockedNumber(page, '+1888555');
    await visible(section(page).getByText('+1888555 is already on the blocklist.', { exact: true }));
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    expect(await entries(page).count()).toBe(1);
    await expectNoAccessibilityViolations(page);
  });

  it('a fax to a number under the blocked prefix is refused, with the reason', async () => {
    const send = await owner.newPage();
    await send.goto('/user/send-fax');
    await visible(send.getByRole('heading', { name: 'Send a Fax', level: 1 }));
    await send.getByLabel('Recipient Fax Number').fill('+18885550123');
    await send.getByLabel(/Cover Page Message/).fill('Please stop.');
    await send.getByRole('button', { name: 'Send Fax' }).click();
    await visible(toast(send, 'Fax Sending Failed'));
    await visible(
      send.getByText("+18885550123 is on your account's blocklist (+1888555). Remove it from the blocklist in Settings to fax it."),
    );
    const faxes = (await (await owner.request.get('/api/faxes?direction=outbound')).json()) as { faxes: unknown[] };
    expect(faxes.faxes).toEqual([]);
    await send.close();
  });

  it('fits a 390 px screen in English and French, with no accessibility violations', async () => {
    for (const language of ['en', 'fr'] as const) {
      const texts = await localeFile(language, 'blocklist');
      const phone = await phonePageOf(browser, owner, language);
      await phone.goto('/user/settings');
      const region = phone.getByRole('region', { name: texts.title });
      await visible(region.getByText('+1888555', { exact: true }));
      await region.scrollIntoViewIfNeeded();
      const overflow = await overflowOf(phone, { within: '#blocklist' });
      expect(overflow.offenders, language).toEqual([]);
      expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.width);
      // The number and its Remove button share the screen: neither is pushed out by a long note or date.
      const remove = region.getByRole('button', { name: texts.list.removeFor!.replace('{{prefix}}', '+1888555') });
      const box = await remove.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await expectNoAccessibilityViolations(phone);
      await phone.close();
    }
  });

  it('removing the number after confirming empties the list', async () => {
    await page.goto('/user/settings');
    await entries(page).getByRole('button', { name: 'Remove +1888555 from the blocklist' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove +1888555 from the blocklist?' });
    await visible(confirm);
    await visible(confirm.getByText('Calls and faxes from numbers starting with +1888555 will come through again, and you can fax them.'));
    await expectNoAccessibilityViolations(page);
    await confirm.getByRole('button', { name: 'Yes, remove' }).click();
    await visible(toast(page, 'Number Unblocked'));
    await visible(section(page).getByText('No numbers are blocked. Faxes from every number come through.'));
    await visible(section(page).getByText('0 of 500 numbers', { exact: true }));
    expect(await page.getByRole('list', { name: 'Your Blocklist' }).count()).toBe(0);
    const list = (await (await owner.request.get('/api/blocklist')).json()) as { entries: unknown[] };
    expect(list.entries).toEqual([]);
  });

  it('a standard User does not see the section, and the server refuses them the list', async () => {
    const member = await context();
    await signedInMember(owner, member, 'User');

    const memberPage = await member.newPage();
    await memberPage.goto('/user/settings');
    // The Delete Account card waits for the account's answer, as the section does: once it shows, the role is known.
    await visible(memberPage.getByRole('heading', { name: 'Delete Account', level: 2 }));
    expect(await memberPage.getByRole('heading', { name: 'Blocked Numbers' }).count()).toBe(0);
    expect(await memberPage.getByLabel('Number or prefix').count()).toBe(0);
    expect((await member.request.get('/api/blocklist')).status()).toBe(403);
    const refused = await member.request.post('/api/blocklist', { headers: sameOrigin(), data: { prefix: '+1999' } });
    expect(refused.status()).toBe(403);
  });
});
