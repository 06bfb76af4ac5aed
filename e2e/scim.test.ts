import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { overflowOf, phonePageOf, toast, useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

const { browser } = useBrowser();
const screenshots = useScreenshotsFolder('faxline-scim-');

describe('Provisioning by SCIM in the settings (issue 38, item 2; decision 107)', () => {
  it('makes a token shown once, and maps a group the identity provider pushed to a role, on a desktop and a phone', async () => {
    const context = await newContext(browser);
    await signedInPerson(context, 'Northside Hospital');
    const page = await context.newPage();
    await page.goto('/user/settings');
    const section = page.getByRole('region', { name: 'Provisioning (SCIM)' });
    await visible(section.getByText('No token yet: create one to connect your identity provider.'));
    const baseUrl = (await section.getByTestId('scim-base-url').textContent())!;
    expect(baseUrl).toMatch(/\/scim\/v2$/);

    await section.getByLabel('Token name').fill('Okta');
    await section.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy your new SCIM token' });
    const secret = (await dialog.getByTestId('scim-token-secret').textContent())!;
    expect(secret).toMatch(/^fl_scim_/);
    await expectNoAccessibilityViolations(page);
    await page.screenshot({ path: path.join(screenshots(), 'token-shown-once-desktop-en.png') });
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // Listed by its name and prefix, never again by its secret.
    await visible(section.getByText('Okta', { exact: true }));
    await visible(section.getByText(`${secret.slice(0, 16)}…`));
    expect(await page.content()).not.toContain(secret);

    // The identity provider pushes a group with the token; the owner maps it to a role.
    const pushed = await context.request.post(`${new URL(baseUrl).pathname}/Groups`, {
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json' },
      data: { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Radiology', members: [] },
    });
    expect(pushed.status(), await pushed.text()).toBe(201);
    await page.reload();
    await visible(section.getByText('Radiology', { exact: true }));
    await visible(section.getByText('Last used', { exact: false }));
    await section.getByRole('combobox', { name: 'Radiology maps to' }).selectOption({ label: 'Sub-Admin' });
    await section.getByRole('button', { name: 'Save what Radiology maps to' }).click();
    await visible(toast(page, 'Group Saved'));
    await expect.poll(() => section.getByRole('combobox', { name: 'Radiology maps to' }).inputValue()).toBe('role:admin');
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(screenshots(), 'settings-desktop-en.png'));

    // On a phone, in Spanish and in French, the section fits the screen and keeps the mapping.
    for (const [language, title, label] of [
      ['es', 'Aprovisionamiento (SCIM)', 'Radiology corresponde a'],
      ['fr', 'Provisionnement (SCIM)', 'Radiology correspond à'],
    ] as const) {
      const phone = await phonePageOf(browser, context, language);
      await phone.goto('/user/settings');
      const phoneSection = phone.getByRole('region', { name: title });
      await expect.poll(() => phoneSection.getByRole('combobox', { name: label }).inputValue()).toBe('role:admin');
      expect((await overflowOf(phone)).offenders).toEqual([]);
      await expectNoAccessibilityViolations(phone);
      // What the phone shows of the groups and their mapping, below its sticky header.
      await phoneSection.getByRole('heading', { level: 3 }).last().scrollIntoViewIfNeeded();
      await phone.screenshot({ path: path.join(screenshots(), `settings-phone-${language}.png`) });
      await phone.context().close();
    }
    await context.close();
  });
});
