import fs from 'node:fs/promises';
import { SANDBOX_TEST_NUMBERS, type TFaxListResponse } from '@faxline/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '@test-support/factories/values';
import { emailedLink, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { sendFaxThroughApi } from './support/faxes';
import { freePort, startFaxline, tempDataDir } from '@test-support/faxline-process';
import { toast, useBrowser, visible } from './support/fixtures';

const { browser } = useBrowser();

async function fillSignUp(page: Page, name: string, email: string) {
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

describe('sign-up, by clicking through the forms', () => {
  it('with e-mail confirmation: checks the inbox, follows the link, is told so and is signed in; a broken link says so', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = uniqueEmail('confirm');
    await page.goto('/sign-up');
    await expectNoAccessibilityViolations(page);

    await page.getByRole('button', { name: 'Create Account' }).click();
    await visible(toast(page, 'Missing Information'));
    await page.getByLabel('Full Name').fill('Rosalind Franklin');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill('something-else');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await visible(toast(page, "Passwords Don't Match"));

    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await visible(toast(page, 'Sign Up Almost Complete!'));
    expect(new URL(page.url()).pathname).toBe('/sign-up');
    expect(await page.getByLabel('Full Name').inputValue()).toBe('');

    // The e-mail, read where a person trying Faxline locally reads it, once it has gone out.
    await emailedLink(context.request, email, /Confirm/);
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await page.getByRole('link', { name: /verify-email/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await visible(toast(page, 'E-mail Address Confirmed'));
    await visible(page.getByRole('button', { name: email }));
    // The notice's query is taken off the address, so that a reload does not say it again.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    // A link cut short in the e-mail client: said to be not valid.
    const link = await emailedLink(context.request, email, /Confirm/);
    link.searchParams.set('token', link.searchParams.get('token')!.slice(0, 20));
    await page.goto(link.href);
    await visible(toast(page, 'Confirmation Link Not Valid'));
    await context.close();
  });

  it('without e-mail confirmation (development): signed in at once', async () => {
    const dataDir = await tempDataDir('faxline-e2e-dev-');
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    const server = startFaxline({
      port,
      env: { DATA_DIR: dataDir, NODE_ENV: 'development', DEMO_DATA: 'false', LOG_LEVEL: 'warn' },
    });
    try {
      await server.untilReady();
      const context = await browser.newContext({ baseURL: baseUrl });
      const page = await context.newPage();
      const email = uniqueEmail('instant');
      await page.goto('/sign-up');
      await fillSignUp(page, 'Lise Meitner', email);
      await visible(toast(page, 'Sign Up Successful!'));
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await visible(page.getByRole('button', { name: email }));
      await context.close();
    } finally {
      server.signal('SIGTERM');
      await server.finished;
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('signing in and out', () => {
  it('signs out from the header, and back in through the form', async () => {
    const context = await newContext(browser);
    const person = await signedInPerson(context, 'Marie Curie');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: person.email }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await visible(toast(page, 'Signed Out'));
    await visible(page.getByRole('link', { name: 'Sign In' }));

    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await visible(toast(page, 'Missing Credentials'));
    await page.getByLabel('Email or username').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await visible(toast(page, 'Sign In Failed'));
    await visible(page.getByText('Invalid email/username or password.'));

    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await visible(toast(page, 'Sign In Successful'));
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('a sign-out in one tab reaches the other tab without a reload', async () => {
    const context = await newContext(browser);
    const person = await signedInPerson(context);
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto('/');
    await second.goto('/user/dashboard');
    await visible(second.getByRole('button', { name: person.email }));

    await first.getByRole('button', { name: person.email }).click();
    await first.getByRole('menuitem', { name: 'Sign Out' }).click();
    // The second tab was not touched: it learns of the sign-out and leaves the protected page.
    await expect.poll(() => new URL(second.url()).pathname, { timeout: 15_000 }).toBe('/sign-in');
    await visible(second.getByRole('link', { name: 'Sign Up' }).first());
    await context.close();
  });

  it('a protected page sends a signed-out visitor to sign in, then back', async () => {
    const other = await newContext(browser);
    const setup = await signedInPerson(other);
    await other.close();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/user/profile');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sign-in');
    await page.getByLabel('Email or username').fill(setup.email);
    await page.getByLabel('Password', { exact: true }).fill(setup.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/profile');
    await visible(page.getByRole('heading', { name: 'Personal Details' }));
    await context.close();
  });
});

describe('password recovery and profile', () => {
  it('resets a forgotten password through the e-mailed link', async () => {
    const context = await newContext(browser);
    const person = await signedInPerson(context);
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await visible(page.getByText(/we have sent it a link to reset the password/));

    const link = await emailedLink(context.request, person.email, /Reset/);
    await page.goto(link.pathname + link.search);
    await page.getByLabel('New Password', { exact: true }).fill('Brand-new-pass-31');
    await page.getByLabel('Confirm New Password').fill('Brand-new-pass-31');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await visible(toast(page, 'Password Updated Successfully'));
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sign-in');

    await page.getByLabel('Email or username').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill('Brand-new-pass-31');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await visible(toast(page, 'Sign In Successful'));
    await context.close();
  });

  it('changes the name on the profile, and the header and dashboard follow', async () => {
    const context = await newContext(browser, { viewport: 'phone' });
    await signedInPerson(context, 'Emmy Noether');
    const page = await context.newPage();
    await page.goto('/user/profile');
    await visible(page.getByRole('heading', { name: 'Personal Details' }));
    expect(await page.getByLabel('Email', { exact: true }).isEditable()).toBe(false);
    await visible(page.getByText('Email address cannot be changed here. Contact support if needed.'));
    await expectNoAccessibilityViolations(page);

    await page.getByLabel('Full Name').fill('Amalie Emmy Noether');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(toast(page, 'Profile Updated'));
    await page.goto('/user/dashboard');
    await visible(page.getByText('Welcome, Amalie'));

    await page.goto('/user/profile');
    await page.getByLabel('Current Password').fill(PASSWORD);
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('short');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await visible(toast(page, 'Password Too Short'));
    await context.close();
  });

  it("shows times in the time zone chosen on the profile, and in the browser's until one is chosen", async () => {
    const context = await newContext(browser);
    await signedInPerson(context, 'Ada Lovelace');
    await sendFaxThroughApi(context, { recipientNumber: SANDBOX_TEST_NUMBERS.busy });
    const { faxes } = (await (await context.request.get('/api/faxes?direction=outbound')).json()) as TFaxListResponse;
    const page = await context.newPage();
    // The expected text is made by the page's own Intl, so that it is the browser's spelling of the same moment.
    const shownIn = (timeZone: string | undefined) =>
      page.evaluate(
        ([at, zone]) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(new Date(at!)),
        [faxes[0]!.createdAt, timeZone] as const,
      );

    await page.goto('/user/fax-history');
    await visible(page.getByRole('cell', { name: await shownIn(undefined) }).first());

    await page.goto('/user/profile');
    const zone = page.getByLabel('Time Zone');
    const browserZone = await page.evaluate(() => new Intl.DateTimeFormat().resolvedOptions().timeZone);
    // A closed select's options are not on screen: the first one is read, not looked at.
    await expect
      .poll(() => zone.locator('option').first().textContent())
      .toBe(`Your browser's time zone (${browserZone.replaceAll('_', ' ')})`);
    await zone.selectOption('Asia/Tokyo');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(toast(page, 'Profile Updated'));

    await page.goto('/user/fax-history');
    await visible(page.getByRole('cell', { name: await shownIn('Asia/Tokyo') }).first());
    await page.goto('/user/profile');
    await expect.poll(() => page.getByLabel('Time Zone').inputValue()).toBe('Asia/Tokyo');
    await context.close();
  });
});

describe('the auth pages in Spanish and French', () => {
  for (const [language, submit, missingTitle] of [
    ['es', 'Iniciar sesión', 'Faltan credenciales'],
    ['fr', 'Se connecter', 'Identifiants manquants'],
  ] as const) {
    it(`reads /sign-in, /sign-up and /forgot-password in ${language}, with no accessibility violations`, async () => {
      const context = await newContext(browser);
      await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
      const page = await context.newPage();
      for (const path of ['/sign-up', '/forgot-password', '/sign-in']) {
        await page.goto(path);
        await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language);
        await expectNoAccessibilityViolations(page);
      }
      await page.getByRole('button', { name: submit, exact: true }).click();
      await visible(toast(page, missingTitle));
      await context.close();
    });
  }
});
