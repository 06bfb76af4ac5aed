import { randomBytes } from 'node:crypto';
import { formatPhoneInternational, type TFaxListResponse, type TUsage } from '@faxline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '@test-support/factories/values';
import { addMember, onPlan, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { sendFaxThroughApi } from './support/faxes';
import { hidden, sameOrigin, useBrowser, visible } from './support/fixtures';

const { browser } = useBrowser();

const pathname = (page: Page) => expect.poll(() => new URL(page.url()).pathname);

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'User area' });
const sidebarWidth = (page: Page) => expect.poll(async () => Math.round((await sidebar(page).boundingBox())?.width ?? 0));
const headerTitle = (page: Page, title: string) => page.getByRole('banner').getByText(title, { exact: true });
const accountButton = (page: Page, email: string) => page.getByRole('button', { name: `Account menu for ${email}` });

/** The person's first fax number. */
async function faxNumberOf(context: BrowserContext): Promise<string> {
  const response = await context.request.get('/api/numbers');
  expect(response.status(), await response.text()).toBe(200);
  const { numbers } = (await response.json()) as { numbers: Array<{ phoneNumber: string }> };
  return numbers[0]!.phoneNumber;
}

/** Waits until the newest fax of `direction` has reached `status` on the server. */
async function faxReached(context: BrowserContext, direction: 'outbound' | 'inbound', status: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await context.request.get(`/api/faxes?direction=${direction}`);
        const { faxes } = (await response.json()) as TFaxListResponse;
        return faxes[0]?.status;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(status);
}

/** A login of the person's account with `role`, signed in in a context of its own. */
async function signedInMember(owner: BrowserContext, role: 'User' | 'Billing', name: string) {
  const username = `member-${randomBytes(4).toString('hex')}`;
  const email = uniqueEmail('member');
  await addMember(owner, { name, username, email, role });
  const context = await newContext(browser);
  const signIn = await context.request.post('/api/auth/sign-in', {
    data: { identifier: username, password: PASSWORD },
    headers: sameOrigin(),
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return { context, email };
}

describe('the user area layout on desktop (1280 px)', () => {
  it('collapses the sidebar from 256 to 72 px and remembers it; the header title follows the page', async () => {
    const context = await newContext(browser);
    await signedInPerson(context, 'Ada Lovelace');
    const page = await context.newPage();
    await page.goto('/user/dashboard');
    await visible(page.getByRole('heading', { name: 'Welcome, Ada', level: 1 }));
    await sidebarWidth(page).toBe(256);
    // The user area has its own chrome, not the public site's.
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    expect(await sidebar(page).getByRole('link', { name: 'Faxline dashboard' }).getAttribute('href')).toBe('/user/dashboard');

    // The owner sees every entry, then the Security group.
    const entries = [
      'Overview',
      'Send Fax',
      'Broadcasts',
      'Fax History',
      'Contacts',
      'My Profile',
      'User Administration',
      'Settings',
      'Security',
      'Audit Trail',
      'API Keys',
      'Webhooks',
      'Inboxes',
      'Routing Rules',
      'Fax Numbers',
      'E-mail to Fax',
      'Number Porting',
      'Billing',
      'Support',
    ];
    const security = {
      'Single Sign-On (SSO)': '/security-privacy#sso',
      'Two-Factor Authentication': '/security-privacy#2fa',
      'PGP Encryption': '/security-privacy#pgp-encryption',
      'API Authentication': '/api-documentation#authentication',
      'Advanced Security': '/user/settings#advanced-security',
    };
    await expect.poll(() => sidebar(page).getByRole('link').allInnerTexts()).toEqual(['Faxline', ...entries, ...Object.keys(security)]);
    for (const [name, href] of Object.entries(security)) {
      expect(await sidebar(page).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }

    // Header title: the matching entry's label, 'User Dashboard' where none matches.
    await visible(headerTitle(page, 'Overview'));
    expect(await sidebar(page).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    await sidebar(page).getByRole('link', { name: 'Send Fax' }).click();
    await pathname(page).toBe('/user/send-fax');
    await visible(headerTitle(page, 'Send Fax'));
    await sidebar(page).getByRole('link', { name: 'My Profile' }).click();
    await visible(headerTitle(page, 'My Profile'));
    await page.goto('/user/no-such-page');
    await visible(headerTitle(page, 'User Dashboard'));

    // Collapsed: icons only, each still named, with its name in a tooltip on hover and on keyboard focus.
    await page.goto('/user/dashboard');
    await sidebar(page).getByRole('button', { name: 'Collapse sidebar' }).click();
    await sidebarWidth(page).toBe(72);
    const history = sidebar(page).getByRole('link', { name: 'Fax History' });
    // Icons only: the link is no wider than the 72 px sidebar's inner column.
    expect((await history.boundingBox())?.width).toBeLessThanOrEqual(48);
    const tooltip = page.locator('[data-sidebar-tooltip]');
    await history.hover();
    await expect.poll(() => tooltip.innerText()).toBe('Fax History');
    await page.keyboard.press('Escape');
    await hidden(tooltip);
    await sidebar(page).getByRole('link', { name: 'Settings' }).focus();
    await expect.poll(() => tooltip.innerText()).toBe('Settings');

    // Remembered across a reload, and the other way round too.
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Welcome, Ada', level: 1 }));
    await sidebarWidth(page).toBe(72);
    await sidebar(page).getByRole('button', { name: 'Expand sidebar' }).click();
    await sidebarWidth(page).toBe(256);
    await page.reload();
    await visible(sidebar(page).getByRole('button', { name: 'Collapse sidebar' }));
    await sidebarWidth(page).toBe(256);
    await context.close();
  });

  it('shows the avatar menu with name, e-mail and entries; a generated avatar, the picture, or the initials', async () => {
    const context = await newContext(browser);
    const person = await signedInPerson(context, 'ada byron lovelace');
    const page = await context.newPage();
    await page.goto('/user/dashboard');
    const avatar = accountButton(page, person.email).locator('[data-avatar]');
    // No picture: one generated from the e-mail address.
    await expect.poll(() => avatar.getAttribute('data-avatar')).toBe('generated');
    expect(await avatar.locator('svg').count()).toBe(1);

    await accountButton(page, person.email).click();
    const menu = page.getByRole('menu');
    await visible(menu.getByText('ada byron lovelace', { exact: true }));
    await visible(menu.getByText(person.email, { exact: true }));
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      'My Profile',
      'Settings',
      'User Administration',
      'Help Center',
      'Sign Out',
    ]);
    expect(await menu.getByRole('menuitem', { name: 'Help Center' }).getAttribute('href')).toBe('/support');
    await expectNoAccessibilityViolations(page);
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await pathname(page).toBe('/user/settings');
    await visible(headerTitle(page, 'Settings'));

    // A picture that cannot be shown: the initials, first letters of the first two words, uppercased.
    const setImage = async (image: string) => {
      const response = await context.request.patch('/api/profile', { data: { name: 'ada byron lovelace', image }, headers: sameOrigin() });
      expect(response.status(), await response.text()).toBe(200);
      await page.reload();
    };
    await setImage(`${inject('baseUrl')}/api/no-such-picture.png`);
    await expect.poll(() => avatar.getAttribute('data-avatar')).toBe('initials');
    await expect.poll(() => avatar.innerText()).toBe('AB');
    // A picture that loads is shown instead.
    await setImage(`${inject('baseUrl')}/favicon.svg`);
    await expect.poll(() => avatar.getAttribute('data-avatar')).toBe('image');
    expect(await avatar.locator('img').getAttribute('src')).toBe(`${inject('baseUrl')}/favicon.svg`);

    // Sign Out, with the spec's toast.
    await accountButton(page, person.email).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await visible(page.getByText('Signed Out', { exact: true }));
    await pathname(page).toBe('/');
    await context.close();
  });

  it("hides what the person's role cannot use: no fax pages for Billing, no User Administration for a User", async () => {
    const ownerContext = await newContext(browser);
    await signedInPerson(ownerContext, 'Owner Olga');
    await onPlan(ownerContext, 'business');

    const billing = await signedInMember(ownerContext, 'Billing', 'Bill Payer');
    const page = await billing.context.newPage();
    await page.goto('/user/dashboard');
    await visible(page.getByRole('heading', { name: 'Welcome, Bill', level: 1 }));
    await expect
      .poll(() => sidebar(page).getByRole('list').first().getByRole('link').allInnerTexts())
      .toEqual(['Overview', 'My Profile', 'Settings', 'Security', 'Billing', 'Support']);
    await visible(page.getByRole('region', { name: 'Pages This Month' }));
    expect(await page.getByRole('region', { name: 'Recent Faxes' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Your Fax Numbers' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link').allInnerTexts()).toEqual([
      expect.stringContaining('Manage Profile'),
    ]);
    await accountButton(page, billing.email).click();
    expect(await page.getByRole('menu').getByRole('menuitem').allInnerTexts()).toEqual([
      'My Profile',
      'Settings',
      'Help Center',
      'Sign Out',
    ]);
    await billing.context.close();

    const member = await signedInMember(ownerContext, 'User', 'Uma User');
    const memberPage = await member.context.newPage();
    await memberPage.goto('/user/dashboard');
    await visible(memberPage.getByRole('region', { name: 'Recent Faxes' }));
    await expect
      .poll(() => sidebar(memberPage).getByRole('list').first().getByRole('link').allInnerTexts())
      .toEqual(['Overview', 'Send Fax', 'Broadcasts', 'Fax History', 'Contacts', 'My Profile', 'Settings', 'Security', 'Support']);
    await member.context.close();
    await ownerContext.close();
  });
});

describe('the user area layout on a phone (375 px)', () => {
  it('opens the drawer from the header, and closes it on a navigation click, a backdrop click and Esc', async () => {
    const context = await newContext(browser, { viewport: 'phone' });
    const person = await signedInPerson(context, 'Grace Hopper');
    const page = await context.newPage();
    await page.goto('/user/dashboard');
    await visible(page.getByRole('heading', { name: 'Welcome, Grace', level: 1 }));
    await visible(headerTitle(page, 'Overview'));
    // No sidebar beside the page: the navigation is in the drawer.
    expect(await sidebar(page).count()).toBe(0);
    await visible(accountButton(page, person.email));

    const toggle = page.getByRole('button', { name: 'Open navigation' });
    const drawer = page.getByRole('dialog', { name: 'User area' });
    await toggle.click();
    await visible(drawer);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expectNoAccessibilityViolations(page);
    await drawer.getByRole('link', { name: 'Fax History' }).click();
    await hidden(drawer);
    await pathname(page).toBe('/user/fax-history');
    await visible(headerTitle(page, 'Fax History'));

    // A click on the dimmed page beside the drawer closes it.
    await toggle.click();
    await visible(drawer);
    await page.mouse.click(360, 500);
    await hidden(drawer);
    await pathname(page).toBe('/user/fax-history');

    // Esc closes it, and focus goes back to the button.
    await toggle.click();
    await visible(drawer);
    await page.keyboard.press('Escape');
    await hidden(drawer);
    await expect.poll(() => toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});

describe('the dashboard', () => {
  it('shows the last faxes with their status, the pages used this month, the fax number and the notifications', async () => {
    const context = await newContext(browser);
    const senderContext = await newContext(browser);
    await signedInPerson(context, 'Ada Sender');
    await signedInPerson(senderContext, 'Grace Caller');
    const number = await faxNumberOf(context);

    // One fax sent (delivered on the sandbox line), one received from another account (not opened yet).
    await sendFaxThroughApi(context, { recipientNumber: '+15550100099' });
    await sendFaxThroughApi(senderContext, { recipientNumber: number });
    await faxReached(context, 'outbound', 'delivered');
    await faxReached(context, 'inbound', 'received');

    const page = await context.newPage();
    await page.goto('/user/dashboard');
    const recent = page.getByRole('list', { name: 'Your last five faxes' }).getByRole('listitem');
    await expect.poll(() => recent.count()).toBe(2);
    const rows = await recent.allInnerTexts();
    expect(rows).toContainEqual(expect.stringMatching(/To \+1 555 010 0099[\s\S]*Delivered/));
    expect(rows).toContainEqual(expect.stringMatching(/From [\s\S]*Unread/));

    // This month's pages, as the server counts them.
    const usage = (await (await context.request.get('/api/usage')).json()) as TUsage;
    expect(usage.pagesUsed).toBeGreaterThanOrEqual(2);
    const usageCard = page.getByRole('region', { name: 'Pages This Month' });
    if (usage.plan?.pagesPerMonth) {
      await visible(usageCard.getByText(`${usage.pagesUsed} of ${usage.plan.pagesPerMonth} pages`, { exact: true }));
      expect(await usageCard.getByRole('meter', { name: 'Pages used this month' }).getAttribute('aria-valuenow')).toBe(
        String(usage.pagesUsed),
      );
    } else {
      await visible(usageCard.getByText(new RegExp(`Pages used: ${usage.pagesUsed}\\b`)));
    }

    await visible(page.getByRole('region', { name: 'Your Fax Numbers' }).getByText(formatPhoneInternational(number), { exact: true }));
    await visible(page.getByRole('region', { name: 'Account Status' }).getByText('Your account is active.'));
    await expectNoAccessibilityViolations(page);

    // The notifications: both faxes unread; each leads to its fax in Fax History.
    const bell = page.getByRole('button', { name: 'Notifications, 2 unread' });
    await visible(bell);
    await bell.click();
    const menu = page.getByRole('menu');
    const delivered = menu.getByRole('menuitem', { name: 'Fax to +1 555 010 0099 delivered, 1 page (unread)' });
    await visible(delivered);
    await visible(menu.getByRole('menuitem', { name: /^Fax from .+ received, 1 page \(unread\)/ }));
    await expectNoAccessibilityViolations(page);
    await delivered.click();
    await pathname(page).toBe('/user/fax-history');
    await visible(page.getByRole('dialog', { name: 'Fax Details' }));

    await senderContext.close();
    await context.close();
  });

  it('has no accessibility violations at 1280 and 375 px, in English, Spanish and French', async () => {
    const context = await newContext(browser);
    await signedInPerson(context, 'Marie Curie');
    const page = await context.newPage();
    const greetings = { en: 'Welcome, Marie', es: 'Hola, Marie', fr: 'Bienvenue, Marie' } as const;
    const openNavigation = { en: 'Open navigation', es: 'Abrir la navegación', fr: 'Ouvrir la navigation' } as const;
    for (const language of ['en', 'es', 'fr'] as const) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.goto('/user/dashboard');
        await page.evaluate((code) => localStorage.setItem('language', code), language);
        await page.reload();
        await visible(page.getByRole('heading', { name: greetings[language], level: 1 }));
        // Every card has its data (no loading text left), so axe sees the page as people do.
        await expect.poll(() => page.getByRole('main').getByRole('status').count()).toBe(0);
        await expectNoAccessibilityViolations(page);
        if (width === 375) {
          await page.getByRole('button', { name: openNavigation[language] }).click();
          await visible(page.getByRole('dialog'));
          await expectNoAccessibilityViolations(page);
        }
      }
    }
    await context.close();
  });
});
