import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { emailedLink, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { useBrowser, visible } from './support/fixtures';

const { browser } = useBrowser();

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('signing in with an e-mailed one-time link', () => {
  it('e-mails a link for this browser, which signs in there once; the same link in another browser does nothing', async () => {
    // A confirmed person, made in a browser that is then thrown away: the one below has never seen them.
    const earlier = await newContext(browser);
    const { email } = await signedInPerson(earlier, 'Grace Hopper');
    await earlier.close();

    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/sign-in');
    const offer = page.getByRole('button', { name: 'E-mail Me a Sign-In Link' });
    await offer.click();
    await visible(page.getByText('Could Not Send a Sign-In Link', { exact: true }));
    await expect.poll(() => page.getByLabel('Email or username').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Email or username').fill(email);
    await offer.click();
    await visible(page.getByRole('status').filter({ hasText: `If an account goes with ${email}, we have e-mailed it a sign-in link.` }));
    await expectNoAccessibilityViolations(page);
    const link = await emailedLink(context.request, email, /sign-in link/i);
    expect(link.pathname).toBe('/sign-in/link');

    // Forwarded, or phished, to another browser: refused there, and not spent.
    const elsewhere = await newContext(browser);
    const otherPage = await elsewhere.newPage();
    await otherPage.goto(link.pathname + link.search);
    await otherPage.getByRole('button', { name: 'Sign In to Faxline' }).click();
    await visible(otherPage.getByRole('alert').filter({ hasText: 'opened in another browser than the one that asked for it' }));
    await elsewhere.close();

    await page.goto(link.pathname + link.search);
    await visible(page.getByRole('heading', { name: 'Sign In With Your Link' }));
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Sign In to Faxline' }).click();
    await visible(page.getByText('Sign In Successful', { exact: true }));
    await expect.poll(() => pathOf(page)).toBe('/');
    await visible(page.getByRole('button', { name: email }));

    // Once only.
    const signedOut = await page.request.post('/api/auth/sign-out', { headers: { origin: inject('baseUrl') } });
    expect(signedOut.ok()).toBe(true);
    await page.goto(link.pathname + link.search);
    await page.getByRole('button', { name: 'Sign In to Faxline' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'This sign-in link cannot be used' }));
    await expectNoAccessibilityViolations(page);
    await context.close();
  });
});
