import { describe, expect, it } from 'vitest';
import { createPlatformAdmin, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { textShown, useBrowser } from './support/fixtures';

const { browser } = useBrowser();

describe('the admin login', () => {
  it('refuses a customer with "Invalid admin credentials"', async () => {
    const context = await newContext(browser);
    await signedInPerson(context);
    const page = await context.newPage();
    await page.goto('/admin/dashboard');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
    await page.getByLabel('Password', { exact: true }).fill('Fax-otter-2029!');
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await textShown(page, 'Invalid admin credentials');
    await context.close();
  });

  it('lets a signed-out admin in with e-mail and password; a wrong password clears the field; Logout ends access', async () => {
    const admin = await createPlatformAdmin();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/admin/dashboard');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
    await expectNoAccessibilityViolations(page);

    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await textShown(page, 'Login Failed');
    await textShown(page, 'Incorrect password. Please try again.');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');

    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/dashboard');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin Dashboard');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
    // Still signed in: the login now asks only for the password again.
    expect(await page.getByLabel('Email', { exact: true }).count()).toBe(0);
    await page.goto('/admin/dashboard');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
    await context.close();
  });
});
