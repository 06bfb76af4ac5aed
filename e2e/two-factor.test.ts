import fs from 'node:fs/promises';
import * as OTPAuth from 'otpauth';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD, unique, uniqueEmail } from '@test-support/factories/values';
import { addMember, onPlan, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { hidden, useBrowser, visible } from './support/fixtures';

const { browser } = useBrowser();

const pathOf = (page: Page) => new URL(page.url()).pathname;
/** The status in the Advanced Security card ("Enabled" alone would match other texts of the settings page). */
const status = (page: Page, text: 'Enabled' | 'Not Enabled') => page.locator('#advanced-security').getByText(text, { exact: true });

/**
 * The code an authenticator app shows `steps` periods of 30 s from now. The server accepts a code once only, and one
 * period of clock drift either way, so the next sign-in after a code uses the next period's code rather than waiting.
 */
const codeFor = (key: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** Runs the set-up steps in `scope` (the settings dialog or the setup page): password, key, first code, backup codes. */
async function enrol(page: Page, scope: Locator): Promise<{ key: string; codes: string[] }> {
  await scope.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await scope.getByRole('button', { name: 'Continue' }).click();
  await visible(scope.getByRole('img', { name: 'QR code that adds your Faxline account to an authenticator app' }));
  // The key as a person reads it off the screen, in groups of four.
  const grouped = await scope.getByRole('group', { name: 'Cannot scan it? Enter this setup key in the app instead:' }).innerText();
  const key = grouped.replace(/\s+/g, '');
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);

  await scope.getByLabel('6-digit code from the app').fill(codeFor(key));
  await scope.getByRole('button', { name: 'Verify and enable' }).click();
  const list = scope.getByRole('list', { name: 'Backup codes' });
  await visible(list);
  const codes = await list.getByRole('listitem').allInnerTexts();
  expect(codes).toHaveLength(10);
  return { key, codes };
}

/** Ends the session as the account menu does, then opens the sign-in page afresh. */
async function signOut(page: Page) {
  const response = await page.request.post('/api/auth/sign-out', { headers: { origin: inject('baseUrl') } });
  expect(response.ok()).toBe(true);
  await page.goto('/sign-in');
}

async function enterPassword(page: Page, identifier: string) {
  await page.getByLabel('Email or username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await visible(page.getByRole('heading', { name: 'Two-factor verification' }));
}

async function enterCode(page: Page, label: 'Authentication code' | 'Backup code', code: string) {
  await page.getByLabel(label, { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

describe('two-factor sign-in, from the Advanced Security settings', () => {
  let context: BrowserContext;
  let page: Page;
  let email: string;
  let secret: { key: string; codes: string[] };

  beforeAll(async () => {
    context = await newContext(browser);
    page = await context.newPage();
  });
  afterAll(() => context.close());

  it('is set up in a dialog: password, QR code and key, first code, then the backup codes, saved before closing', async () => {
    ({ email } = await signedInPerson(context, 'Hedy Lamarr'));
    await page.goto('/user/settings#advanced-security');
    await visible(status(page, 'Not Enabled'));
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
    await visible(dialog.getByLabel('Password', { exact: true }));
    await expectNoAccessibilityViolations(page);

    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await visible(dialog.getByText('Your current password is not correct.'));

    secret = await enrol(page, dialog);
    await visible(page.getByText('Two-Factor Authentication Enabled', { exact: true }));
    await expectNoAccessibilityViolations(page);

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download (.txt)' }).click()]);
    expect(download.suggestedFilename()).toBe('faxline-backup-codes.txt');
    const saved = await fs.readFile(await download.path(), 'utf8');
    expect(saved).toContain(`Faxline backup codes for ${email}`);
    for (const code of secret.codes) expect(saved).toContain(code);

    // The codes are shown once: the dialog does not close until they are said to be saved.
    await page.keyboard.press('Escape');
    await visible(dialog.getByText('Please save your backup codes and tick the box before you close this.'));
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByLabel('I have saved these codes').check();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await hidden(dialog);
    await visible(status(page, 'Enabled'));
  });

  it('asks for a code after the password; a code signs in once only', async () => {
    await signOut(page);
    await enterPassword(page, email);
    await expectNoAccessibilityViolations(page);
    await enterCode(page, 'Authentication code', '12345');
    await visible(page.getByText('Enter the 6 digits your authenticator app shows.'));

    const code = codeFor(secret.key, 1);
    await enterCode(page, 'Authentication code', code);
    await visible(page.getByText('Sign In Successful', { exact: true }));
    await expect.poll(() => pathOf(page)).toBe('/');

    await signOut(page);
    await enterPassword(page, email);
    await enterCode(page, 'Authentication code', code);
    await visible(page.getByText('That code has already been used. Wait for the next code from your app.'));
    expect(pathOf(page)).toBe('/sign-in');
  });

  it('takes a backup code instead, and the same backup code only once', async () => {
    // Back from the second step after the refused code: the identifier is kept, the password is asked again.
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await visible(page.getByLabel('Password', { exact: true }));
    expect(await page.getByLabel('Email or username').inputValue()).toBe(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await enterCode(page, 'Backup code', secret.codes[0]!);
    await visible(page.getByText('Sign In Successful', { exact: true }));
    await expect.poll(() => pathOf(page)).toBe('/');

    await signOut(page);
    await enterPassword(page, email);
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await enterCode(page, 'Backup code', secret.codes[0]!);
    await visible(page.getByText('Verification Failed', { exact: true }));
    expect(pathOf(page)).toBe('/sign-in');

    // Back to the app's code, and back again: the way a person finds their way around the step.
    await page.getByRole('button', { name: 'Use your authenticator app' }).click();
    await visible(page.getByLabel('Authentication code', { exact: true }));
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await enterCode(page, 'Backup code', secret.codes[1]!);
    await visible(page.getByText('Sign In Successful', { exact: true }));
  });

  it('gives new backup codes, then is turned off with the password', async () => {
    await page.goto('/user/settings#advanced-security');
    await visible(status(page, 'Enabled'));

    await page.getByRole('button', { name: 'New backup codes' }).click();
    const codesDialog = page.getByRole('dialog', { name: 'New backup codes' });
    await codesDialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await codesDialog.getByRole('button', { name: 'Create new codes' }).click();
    const list = codesDialog.getByRole('list', { name: 'Backup codes' });
    await visible(list);
    const fresh = await list.getByRole('listitem').allInnerTexts();
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(secret.codes[2]);
    await codesDialog.getByLabel('I have saved these codes').check();
    await codesDialog.getByRole('button', { name: 'Done' }).click();
    await hidden(codesDialog);

    await page.getByRole('button', { name: 'Disable two-factor authentication' }).click();
    const disableDialog = page.getByRole('dialog', { name: 'Disable two-factor authentication' });
    await disableDialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    await disableDialog.getByRole('button', { name: 'Disable', exact: true }).click();
    await visible(disableDialog.getByText('Your current password is not correct.'));
    await disableDialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await disableDialog.getByRole('button', { name: 'Disable', exact: true }).click();
    await hidden(disableDialog);
    await visible(page.getByText('Two-Factor Authentication Disabled', { exact: true }));
    await visible(status(page, 'Not Enabled'));

    // The password alone signs in again.
    await signOut(page);
    await page.getByLabel('Email or username').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await visible(page.getByText('Sign In Successful', { exact: true }));
  });
});

describe('two-factor sign-in required by the account owner', () => {
  it('a sub-user added with the option sets it up before anything else, then goes on', async () => {
    const ownerContext = await newContext(browser);
    await signedInPerson(ownerContext, 'Account Owner');
    await onPlan(ownerContext, 'business');
    const username = unique('sub');
    await addMember(ownerContext, { name: 'Sub User', username, email: uniqueEmail('sub'), role: 'User', enable2fa: true });
    await ownerContext.close();

    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/user/fax-history');
    await expect.poll(() => pathOf(page)).toBe('/sign-in');
    await page.getByLabel('Email or username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => pathOf(page)).toBe('/two-factor-setup');
    await visible(page.getByRole('heading', { name: 'Set up two-factor authentication', level: 1 }));
    await visible(page.getByText(/The owner of your Faxline account asks you/));
    await expectNoAccessibilityViolations(page);

    // The user area, and the API behind it, wait until it is set up.
    const refused = await context.request.get('/api/account');
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { type: string } }).error.type).toBe('two_factor_setup_required');
    await page.goto('/user/settings');
    await expect.poll(() => pathOf(page)).toBe('/two-factor-setup');

    await enrol(page, page.getByRole('main'));
    await page.getByLabel('I have saved these codes').check();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => pathOf(page)).toBe('/user/settings');
    await visible(status(page, 'Enabled'));
    await context.close();
  });
});
