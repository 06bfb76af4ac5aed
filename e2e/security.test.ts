import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations } from './support/browser';
import { overflowOf, phonePageOf, toast, useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

/**
 * /user/security and /user/audit-trail (decision 109): one person in two browsers; the first signs the second out
 * from its list of devices, and the second is signed out at its very next request; then the owner's audit trail shows
 * it, filtered, and as a CSV file.
 */

const { browser, context: newContext } = useBrowser();
const shotsDir = useScreenshotsFolder('faxline-security-');

let first: BrowserContext;
let second: BrowserContext;
let person: { email: string; password: string };

/** The person, signed in to both browsers (in a test: the sign-up polls the mailbox with expect.poll). */
async function signInTwice() {
  first = await newContext();
  person = await signedInPerson(first, 'Selma Secure');
  // The second browser signs in with the password, as a laptop at home would.
  second = await newContext();
  const signIn = await second.request.post('/api/auth/sign-in', {
    data: { identifier: person.email, password: person.password },
    headers: { origin: inject('baseUrl'), 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
}

afterAll(async () => {
  await first?.close();
  await second?.close();
});

const shot = (page: Page, name: string) => wholePageScreenshot(page, path.join(shotsDir(), name));

describe('signed-in devices', () => {
  it('ends the other browser from the first, which is signed out at its next request', async () => {
    await signInTwice();
    const secondPage = await second.newPage();
    await secondPage.goto('/user/dashboard');
    await visible(secondPage.getByRole('heading', { name: /Welcome/ }));
    // A page read the second browser's signed session copy answers, before anything is ended.
    expect((await second.request.get('/api/account')).status()).toBe(200);

    const page = await first.newPage();
    await page.goto('/user/security');
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await visible(devices.getByText('This device'));
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(2);
    await visible(devices.getByText('Firefox 133 on Linux', { exact: true }));
    await expectNoAccessibilityViolations(page);
    await shot(page, 'security-desktop-en.png');

    await devices.getByRole('button', { name: 'Sign out (Firefox 133 on Linux)' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out this device?' });
    await visible(dialog.getByText('Firefox 133 on Linux will be signed out at its next request.'));
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await visible(toast(page, 'Signed out'));
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(1);

    // The very next request of the second browser, a page read its copy would have answered a minute more: refused.
    expect((await second.request.get('/api/account')).status()).toBe(401);
    await secondPage.reload();
    await expect.poll(() => new URL(secondPage.url()).pathname).toBe('/sign-in');
  });

  it('fits a phone in Spanish', async () => {
    const phone = await phonePageOf(browser, first, 'es');
    await phone.goto('/user/security');
    await visible(phone.getByRole('heading', { name: 'Dispositivos conectados' }));
    await visible(phone.getByText('Este dispositivo', { exact: true }));
    await visible(phone.getByText('Las contraseñas necesitan al menos 8 caracteres.'));
    expect((await overflowOf(phone)).offenders).toEqual([]);
    await expectNoAccessibilityViolations(phone);
    await shot(phone, 'security-phone-es.png');
    await phone.context().close();
  });
});

describe("the account's audit trail", () => {
  it('filters by action and downloads the same filter as CSV', async () => {
    const page = await first.newPage();
    await page.goto('/user/audit-trail');
    const table = page.getByRole('region', { name: /Audit trail, page 1 of 1/ });
    await visible(table.getByText('Signed in', { exact: true }).first());
    await visible(table.getByText('Signed a device out', { exact: true }));
    await shot(page, 'audit-desktop-en.png');

    await page.getByLabel('Action').selectOption('session.end');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await visible(page.getByRole('status').getByText('1 event'));
    await expect.poll(() => table.getByRole('row').count()).toBe(2); // the header and the one event
    expect(new URL(page.url()).search).toBe('?action=session.end');
    await expectNoAccessibilityViolations(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('faxline-audit-trail.csv');
    const csv = await fs.readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split('\n');
    expect(lines[0]).toMatch(/^Time \(UTC\),E-mail,Name,Action,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${person.email},Selma Secure,session.end,session,`);
  });

  it('fits a phone in French', async () => {
    const phone = await phonePageOf(browser, first, 'fr');
    await phone.goto('/user/audit-trail');
    await visible(phone.getByRole('heading', { name: "Journal d'audit" }));
    await visible(phone.getByRole('region', { name: /Journal d'audit, page 1/ }).getByText('A déconnecté un appareil', { exact: true }));
    expect((await overflowOf(phone, { scrollingRegionsAllowed: true })).offenders).toEqual([]);
    await expectNoAccessibilityViolations(phone);
    await shot(phone, 'audit-phone-fr.png');
    await phone.context().close();
  });
});
