import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueEmail } from '@test-support/factories/values';
import { createPlatformAdmin } from './support/accounts';
import { expectNoAccessibilityViolations, newContext, type Viewport } from './support/browser';
import { textShown, useBrowser } from './support/fixtures';

const { browser } = useBrowser();
let admin: { email: string; password: string };
beforeAll(async () => {
  admin = await createPlatformAdmin();
});

/** A browser context signed in as the admin with back-office access, through the admin login's API. */
async function backOffice(viewport: Viewport = 'desktop'): Promise<BrowserContext> {
  const context = await newContext(browser, { viewport });
  const response = await context.request.post('/api/admin-access', {
    data: { email: admin.email, password: admin.password },
    headers: { origin: inject('baseUrl') },
  });
  expect(response.status()).toBe(200);
  return context;
}

const path = (page: Page) => new URL(page.url()).pathname;
const dialogAlert = (page: Page) => page.getByRole('dialog').getByRole('alert');

describe('the back-office user list (spec 001 §2.11, §5, §8)', () => {
  it('adds, checks, edits and deletes a user with the spec texts', async () => {
    const context = await backOffice();
    const page = await context.newPage();
    await page.goto('/admin/dashboard');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin Dashboard');
    await expect.poll(() => page.getByText('New this month:', { exact: false }).isVisible()).toBe(true);
    await expectNoAccessibilityViolations(page);

    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Users' }).click();
    await expect.poll(() => path(page)).toBe('/admin/users');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('User Management');
    await expect.poll(() => page.getByRole('table').isVisible()).toBe(true);
    // The admin's own row: they cannot delete themself.
    await page.getByLabel('Search users').fill(admin.email);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    expect(await page.getByRole('button', { name: `Delete ${admin.email}` }).getAttribute('aria-disabled')).toBe('true');
    await page.getByLabel('Search users').fill('');
    await expectNoAccessibilityViolations(page);

    // Add: each check of the dialog, in the spec's words.
    const email = uniqueEmail('grace');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Add New User');
    const submit = dialog.getByRole('button', { name: 'Add User' });
    await submit.click();
    await expect.poll(() => dialogAlert(page).textContent()).toBe('Name and email are required.');
    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel('Email').fill(email);
    await submit.click();
    await expect.poll(() => dialogAlert(page).textContent()).toBe('Password is required for new users.');
    await dialog.getByLabel('Password', { exact: true }).fill('abcdefgh');
    await dialog.getByLabel('Confirm Password').fill('abcdefgi');
    await submit.click();
    await expect.poll(() => dialogAlert(page).textContent()).toBe('Passwords do not match.');
    await dialog.getByLabel('Password', { exact: true }).fill('abc');
    await dialog.getByLabel('Confirm Password').fill('abc');
    await submit.click();
    await expect.poll(() => dialogAlert(page).textContent()).toBe('Password must be at least 8 characters.');
    await dialog.getByLabel('Password', { exact: true }).fill('Heron-quiet-4410!');
    await dialog.getByLabel('Confirm Password').fill('Heron-quiet-4410!');
    await submit.click();
    await textShown(page, 'User Added Successfully');
    await textShown(page, `Grace Hopper (${email}) has been added.`);

    await page.getByLabel('Search users').fill(email.toUpperCase());
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    const row = page.getByRole('row').nth(1);
    await expect.poll(() => row.textContent()).toMatch(/Grace Hopper.*User.*Active.*Never/);

    // Edit: the address is read-only; the confirmation shows once a new password is typed.
    await page.getByRole('button', { name: `Edit ${email}` }).click();
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Edit User');
    expect(await dialog.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    expect(await dialog.getByLabel('Confirm New Password').count()).toBe(0);
    await dialog.getByLabel('New Password (optional)').fill('abcdefgh');
    await dialog.getByLabel('Confirm New Password').fill('abcdefgi');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => dialogAlert(page).textContent()).toBe('New passwords do not match.');
    await dialog.getByLabel('New Password (optional)').fill('');
    expect(await dialog.getByLabel('Confirm New Password').count()).toBe(0);
    await dialog.getByLabel('Role').selectOption({ label: 'Admin (Caution)' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await textShown(page, 'User Updated Successfully');
    await expect.poll(() => row.textContent()).toMatch(/Grace Hopper.*Admin.*Active/);

    // Delete through the confirmation toast.
    await page.getByRole('button', { name: `Delete ${email}` }).click();
    await textShown(page, 'Confirm Deletion');
    await textShown(page, 'Are you sure you want to delete this user? This action might be irreversible.');
    await page.getByRole('button', { name: 'Yes, Delete' }).click();
    await textShown(page, 'User Deleted Successfully');
    await textShown(page, 'No Users Found');
    await context.close();
  });
});

describe('the back-office layout (spec 001 §2.10)', () => {
  it('at 1280 px: a sidebar that collapses to 72 px and stays so, a header title per section, initials', async () => {
    const context = await backOffice('desktop');
    const page = await context.newPage();
    await page.goto('/admin/users');
    const sidebar = page.locator('[data-admin-sidebar]');
    const width = async () => Math.round((await sidebar.boundingBox())?.width ?? 0);
    await expect.poll(width).toBe(256);
    await expect.poll(() => page.locator('header').getByText('Users', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: `Account menu for ${admin.email}` }).textContent()).toMatch(/^A[A-Z]?$/);

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(width).toBe(72);
    await page.reload();
    await expect.poll(width).toBe(72);
    // Its own key: the user area's sidebar keeps its own choice.
    expect(await page.evaluate(() => window.localStorage.getItem('admin-sidebar-collapsed'))).toBe('true');

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(width).toBe(256);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect.poll(() => page.locator('header').getByText('Dashboard', { exact: true }).isVisible()).toBe(true);

    // The bell lists the platform's events (e2e/notifications.test.ts has what it says).
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect.poll(() => page.getByRole('menu', { name: /^Notifications/ }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Account menu for ${admin.email}` }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'System Settings' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('menuitem', { name: 'Sign Out' }).isVisible()).toBe(true);
    await context.close();
  });

  it('at 375 px: a slide-over that closes on navigation, on the backdrop and on Esc', async () => {
    const context = await backOffice('phone');
    const page = await context.newPage();
    await page.goto('/admin/dashboard');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin Dashboard');
    expect(await page.locator('[data-admin-sidebar]').count()).toBe(0);
    const slideOver = page.getByRole('dialog', { name: 'Back office' });
    const open = async () => {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect.poll(() => slideOver.isVisible()).toBe(true);
    };

    // The Users page's code arrives late, as on a slow line: the URL changes at once, the page when its code is in.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await open();
    await slideOver.getByRole('link', { name: 'Users' }).click();
    await expect.poll(() => path(page)).toBe('/admin/users');
    await expect.poll(() => slideOver.count()).toBe(0);

    // Opened again while that page still loads, it stays open when the page arrives.
    await open();
    await expect.poll(() => page.locator('h1').textContent()).toBe('User Management');
    expect(await slideOver.isVisible()).toBe(true);
    await page.unroute('**/assets/*.js');
    await page.keyboard.press('Escape');
    await expect.poll(() => slideOver.count()).toBe(0);

    // Back closes it.
    await open();
    await page.goBack();
    await expect.poll(() => path(page)).toBe('/admin/dashboard');
    await expect.poll(() => slideOver.count()).toBe(0);

    await open();
    await page.keyboard.press('Escape');
    await expect.poll(() => slideOver.count()).toBe(0);

    await open();
    // The backdrop: the part of the screen right of the 256 px panel.
    await page.mouse.click(340, 400);
    await expect.poll(() => slideOver.count()).toBe(0);
    await context.close();
  });

  it('Sign Out ends the session', async () => {
    const context = await backOffice('desktop');
    const page = await context.newPage();
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: `Account menu for ${admin.email}` }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await textShown(page, 'Signed Out');
    expect((await (await context.request.get('/api/auth/session')).json()).session).toBeNull();
    await context.close();
  });
});
