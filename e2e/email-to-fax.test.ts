import path from 'node:path';
import { MESSAGES } from '@faxline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import enTexts from '../apps/web/src/locales/en/email-to-fax.json';
import esTexts from '../apps/web/src/locales/es/email-to-fax.json';
import frTexts from '../apps/web/src/locales/fr/email-to-fax.json';
import { emailedLink, onPlan, signedInMember, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations } from './support/browser';
import { overflowOf, useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

/**
 * E-mail to fax on /user/email-to-fax. The owner finds the page in the sidebar, sees the address to
 * write to with the server's fax domain, allows an address, chooses Enforce and saves; after a reload the choices are
 * kept. The allowed address waits until its owner confirms on the page its e-mailed link opens (decision 064). A
 * standard User sees no entry and is told who can help. The pages speak en, es and fr and fit a phone.
 */

const { browser, context } = useBrowser();
const shotsDir = useScreenshotsFolder('faxline-email-to-fax-');

const TEXTS = { en: enTexts, es: esTexts, fr: frTexts } as const;
const LANGUAGES = ['en', 'es', 'fr'] as const;
// The test server keeps FAX_EMAIL_DOMAIN at its default.
const EXAMPLE_ADDRESS = '14155550123@fax.localhost';

const screenshot = (page: Page, name: string) => wholePageScreenshot(page, path.join(shotsDir(), `${name}.png`));

describe('e-mail to fax on /user/email-to-fax (issue 19, item 2)', () => {
  let owner: BrowserContext;
  let page: Page;
  const allowed = () => page.getByRole('list', { name: enTexts.senders.legend });
  const row = (address: string) => allowed().getByRole('listitem').filter({ hasText: address });

  it('the owner finds the page in the sidebar: the address to write to, how it works, the defaults; axe clean', async () => {
    owner = await context();
    await signedInPerson(owner, 'Edna Mailer');
    await onPlan(owner, 'business');
    page = await owner.newPage();
    await page.goto('/user/dashboard');
    const nav = page.getByRole('navigation', { name: 'User area' }).first();
    await visible(nav.getByRole('link', { name: 'E-mail to Fax' }));
    await nav.getByRole('link', { name: 'E-mail to Fax' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/email-to-fax');
    await visible(page.getByRole('heading', { name: enTexts.title, level: 1 }));
    await visible(page.getByText(EXAMPLE_ADDRESS, { exact: true }));
    await visible(page.getByText(/followed by @fax\.localhost\./));
    await visible(page.getByText(enTexts.senders.empty));
    // Outside production the service's default is Report; the e-mail's text goes on the cover page.
    expect(await page.getByRole('radio', { name: enTexts.policy.report.label }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: enTexts.includeBody.label }).isChecked()).toBe(true);
    await expectNoAccessibilityViolations(page);
  });

  it('says what is wrong with an address, and where', async () => {
    const input = page.getByRole('textbox', { name: enTexts.senders.label });
    await input.fill('not an address');
    await input.press('Enter');
    await visible(page.getByText(MESSAGES.en.validation.email, { exact: true }).first());
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoAccessibilityViolations(page);
  });

  it('allows an address, chooses Enforce and saves; after a reload both are kept', async () => {
    const input = page.getByRole('textbox', { name: enTexts.senders.label });
    await input.fill('Scanner@Example.com');
    await page.getByRole('button', { name: enTexts.senders.add, exact: true }).click();
    await visible(row('scanner@example.com'));
    expect(await input.inputValue()).toBe('');
    // Typed but not added: Save takes it too.
    await input.fill('desk@example.com');
    await page.getByRole('radio', { name: enTexts.policy.enforce.label }).check();
    await page.getByRole('switch', { name: enTexts.includeBody.label }).uncheck();
    await page.getByRole('button', { name: enTexts.save.button }).click();
    await visible(page.getByText(enTexts.save.savedTitle, { exact: true }));
    await visible(row('desk@example.com'));

    await page.reload();
    await visible(page.getByRole('heading', { name: enTexts.title, level: 1 }));
    await visible(row('scanner@example.com'));
    await visible(row('desk@example.com'));
    await visible(page.getByText('2 of 50 addresses', { exact: true }));
    expect(await page.getByRole('radio', { name: enTexts.policy.enforce.label }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: enTexts.includeBody.label }).isChecked()).toBe(false);
    await expectNoAccessibilityViolations(page);
  });

  it('removes an address once saved', async () => {
    await row('desk@example.com').getByRole('button', { name: 'Remove desk@example.com' }).click();
    expect(await row('desk@example.com').count()).toBe(0);
    await page.getByRole('button', { name: enTexts.save.button }).click();
    await visible(page.getByText(enTexts.save.savedTitle, { exact: true }));
    const stored = await owner.request.get('/api/account/email-to-fax');
    expect(await stored.json()).toEqual({
      domain: 'fax.localhost',
      senders: [{ address: 'scanner@example.com', status: 'pending', expiresAt: expect.any(String), confirmedAt: null }],
      authPolicy: 'enforce',
      includeBody: false,
    });
  });

  it('an allowed address waits for its owner, who confirms on the page the link opens; then it shows as confirmed', async () => {
    await visible(row('scanner@example.com').getByText(enTexts.senderStatus.pending, { exact: true }));
    const link = await emailedLink(owner.request, 'scanner@example.com', /^Confirm that scanner@example\.com may send faxes/);
    expect(link.pathname).toBe('/confirm-email-sender');

    // The address's owner, signed out, in another browser: the page says which account asks and waits for the click.
    const stranger = await context();
    const confirmPage = await stranger.newPage();
    await confirmPage.goto(link.pathname + link.search);
    await visible(confirmPage.getByRole('heading', { name: enTexts.confirmSender.title, level: 1 }));
    await visible(confirmPage.getByText('Edna Mailer of the Faxline account “Edna Mailer” asks', { exact: false }));
    await expectNoAccessibilityViolations(confirmPage);
    // Opening the link confirmed nothing.
    expect((await (await owner.request.get('/api/account/email-to-fax')).json()).senders[0].status).toBe('pending');

    await confirmPage.getByRole('button', { name: enTexts.confirmSender.confirm }).click();
    await visible(confirmPage.getByRole('heading', { name: enTexts.confirmSender.confirmedTitle }));
    expect(await confirmPage.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');

    await page.reload();
    await visible(row('scanner@example.com').getByText(enTexts.senderStatus.active, { exact: true }));
    expect(
      await row('scanner@example.com')
        .getByRole('button', { name: /Send link again/ })
        .count(),
    ).toBe(0);

    // The link worked once: opened again, in each language, on a phone, it says so in the server's words.
    for (const language of LANGUAGES) {
      const phone = await context({ viewport: 'phone' });
      const again = await phone.newPage();
      await again.addInitScript((code) => localStorage.setItem('language', code), language);
      await again.goto(link.pathname + link.search);
      await visible(again.getByText(TEXTS[language].confirmSender.failedTitle, { exact: true }));
      await visible(again.getByText(MESSAGES[language].errors.senderLinkInvalid, { exact: true }));
      expect(await again.getByRole('button', { name: TEXTS[language].confirmSender.confirm }).count()).toBe(0);
      const overflow = await overflowOf(again);
      expect(overflow.offenders, language).toEqual([]);
      if (language === 'fr') await expectNoAccessibilityViolations(again);
      await phone.close();
    }
  });

  it('a standard User sees no entry, is told who can help, and the server refuses them', async () => {
    const member = await context();
    await signedInMember(owner, member, 'User');
    const memberPage = await member.newPage();
    await memberPage.goto('/user/email-to-fax');
    await visible(memberPage.getByText(enTexts.notAllowed, { exact: true }));
    const nav = memberPage.getByRole('navigation', { name: 'User area' }).first();
    await visible(nav.getByRole('link', { name: 'Settings' }));
    expect(await nav.getByRole('link', { name: 'E-mail to Fax' }).count()).toBe(0);
    expect(await memberPage.getByRole('button', { name: enTexts.save.button }).count()).toBe(0);
    expect((await member.request.get('/api/account/email-to-fax')).status()).toBe(403);
    await expectNoAccessibilityViolations(memberPage);
  });

  it('speaks en, es and fr, and fits a 390 px screen', async () => {
    for (const language of LANGUAGES) {
      const texts = TEXTS[language];
      for (const viewport of [
        { name: 'phone', width: 390, height: 844 },
        { name: 'desktop', width: 1280, height: 900 },
      ]) {
        const shown = await browser.newContext({ baseURL: inject('baseUrl'), viewport, storageState: await owner.storageState() });
        const view = await shown.newPage();
        await view.addInitScript((code) => localStorage.setItem('language', code), language);
        await view.goto('/user/email-to-fax');
        await visible(view.getByRole('heading', { name: texts.title, level: 1 }));
        await visible(view.getByText(EXAMPLE_ADDRESS, { exact: true }));
        await visible(view.getByRole('radio', { name: texts.policy.enforce.label }));
        await visible(view.getByRole('button', { name: texts.save.button }));
        if (viewport.name === 'phone') {
          const overflow = await overflowOf(view);
          expect(overflow.offenders, language).toEqual([]);
          expect(overflow.scrollWidth, language).toBeLessThanOrEqual(overflow.width);
          await expectNoAccessibilityViolations(view);
        }
        await screenshot(view, `email-to-fax-${viewport.name}-${language}`);
        await view.close();
      }
    }
  });
});
