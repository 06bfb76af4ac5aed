import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESTINATIONS, KEYWORD_RULES, type TPage } from '../apps/web/src/features/assistant/utils/keyword-routes';
import { resolveDestination, type TViewer } from '../apps/web/src/features/assistant/utils/route-access';
import enCommon from '../apps/web/src/locales/en/common.json';
import esCommon from '../apps/web/src/locales/es/common.json';
import frCommon from '../apps/web/src/locales/fr/common.json';
import { adminContext, createPlatformAdmin, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { hidden, useBrowser, visible } from './support/fixtures';

const { browser } = useBrowser();

const pathname = (page: Page) => expect.poll(() => new URL(page.url()).pathname);
const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? null);

/** A fresh context whose cookie notice is already accepted, so that it covers nothing a test clicks. */
async function contextWith(viewport: 'phone' | 'desktop', { acceptCookies = true } = {}): Promise<BrowserContext> {
  const context = await newContext(browser, { viewport });
  if (acceptCookies) await context.addInitScript(() => localStorage.setItem('cookie-consent', 'accepted'));
  return context;
}

describe('the mobile menu at 375 px', () => {
  it('opens as a dialog that keeps focus, and closes on Esc, a link, the logo and any route change', async () => {
    const context = await contextWith('phone');
    const page = await context.newPage();
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });
    // Below 1024 px the main menu lives in the slide-out menu only.
    expect(await page.getByRole('navigation', { name: 'Main', exact: true }).count()).toBe(0);

    await toggle.click();
    await visible(menu);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expectNoAccessibilityViolations(page);
    // Focus moves in and stays in: Tab never reaches the page behind the menu.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      const outside = await page.evaluate(() => {
        const active = document.activeElement;
        return active !== null && active !== document.body && active.closest('dialog') === null;
      });
      expect(outside, `Tab ${i + 1} left the menu`).toBe(false);
    }

    await page.keyboard.press('Escape');
    await hidden(menu);
    await expect.poll(() => focusedLabel(page)).toBe('Open menu');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    // A link closes it.
    await toggle.click();
    await menu.getByRole('link', { name: 'Fax Plans' }).click();
    await pathname(page).toBe('/fax-plans');
    await hidden(menu);
    await expect.poll(() => focusedLabel(page)).toBe('Open menu');

    // The logo closes it.
    await toggle.click();
    await menu.getByRole('link', { name: 'Faxline home' }).click();
    await pathname(page).toBe('/');
    await hidden(menu);

    // A route change that is no click on a link: the navigation box inside the menu, then the browser's Back.
    await toggle.click();
    await menu.getByRole('textbox', { name: 'Ask AI where to go' }).fill('support');
    await page.keyboard.press('Enter');
    await pathname(page).toBe('/support');
    await hidden(menu);
    await toggle.click();
    await visible(menu);
    await page.goBack();
    await pathname(page).toBe('/');
    await hidden(menu);
    await context.close();
  });

  it('is forced closed when the window grows to desktop width, and stays closed when it shrinks again', async () => {
    const context = await contextWith('phone');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await visible(page.getByRole('dialog', { name: 'Menu' }));

    await page.setViewportSize({ width: 1280, height: 900 });
    await hidden(page.getByRole('dialog', { name: 'Menu' }));
    await visible(page.getByRole('navigation', { name: 'Main' }));
    expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);
    // The page behind is usable again: nothing is left inert or locked.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reviews' }).click();
    await pathname(page).toBe('/reviews');

    await page.setViewportSize({ width: 375, height: 812 });
    await visible(page.getByRole('button', { name: 'Open menu' }));
    expect(await page.getByRole('dialog', { name: 'Menu' }).count()).toBe(0);
    await context.close();
  });
});

describe('the header at 1280 px', () => {
  it('marks the current page in the main menu, for the eye and for assistive technology', async () => {
    const context = await contextWith('desktop');
    const page = await context.newPage();
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await visible(menu);
    const current = () => menu.locator('[aria-current="page"]').allTextContents();
    expect(await current()).toEqual(['Home']);
    await menu.getByRole('link', { name: 'Fax Plans' }).click();
    await pathname(page).toBe('/fax-plans');
    await expect.poll(current).toEqual(['Fax Plans']);
    await page.goto('/about-us');
    await expect.poll(current).toEqual(['About Us']);
    await context.close();
  });

  it('opens the products menu from the keyboard: Faxline is a link, the sibling products are marked coming soon', async () => {
    const context = await contextWith('desktop');
    const page = await context.newPage();
    await page.goto('/reviews');
    const trigger = page.getByRole('button', { name: 'Products' });
    await expect.poll(() => trigger.isEnabled()).toBe(true);
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await visible(menu);
    const soon = menu.locator('[role="menuitem"][aria-disabled="true"]');
    expect(await soon.allTextContents()).toEqual([
      'Unified communications Coming soon',
      'Business solutions Coming soon',
      'Payment processing Coming soon',
      'API integrations Coming soon',
      'Admin controls Coming soon',
      'Security and compliance Coming soon',
    ]);
    expect(await menu.locator('a[href]').count()).toBe(1);
    await expectNoAccessibilityViolations(page);
    // The arrow keys reach the coming-soon products too (so screen reader users hear of them); Enter on one does nothing.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Faxline online fax You are here');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Unified communications Coming soon');
    await page.keyboard.press('Enter');
    await visible(menu);
    await pathname(page).toBe('/reviews');
    await page.keyboard.press('Escape');
    await hidden(menu);
    await expect.poll(() => focusedLabel(page)).toBe('Products');
    // The real entry goes home.
    await trigger.click();
    await page.getByRole('menuitem', { name: /Faxline online fax/ }).click();
    await pathname(page).toBe('/');
    await context.close();
  });

  it('switches language, keeps it across a reload, and falls back to English for an unsupported stored code', async () => {
    const context = await contextWith('desktop');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByLabel('Language').selectOption('fr');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    await visible(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Forfaits fax' }));
    await visible(page.getByRole('button', { name: 'Produits' }));
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr');
    await page.getByLabel('Langue').selectOption('es');
    await visible(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Planes de fax' }));
    await visible(
      page.getByRole('contentinfo').getByText('Envíe y reciba faxes desde su navegador, por correo electrónico o mediante nuestra API.'),
    );
    await context.close();

    const unsupported = await contextWith('desktop');
    await unsupported.addInitScript(() => localStorage.setItem('language', 'de'));
    const second = await unsupported.newPage();
    await second.goto('/');
    await visible(second.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fax Plans' }));
    expect(await second.locator('html').getAttribute('lang')).toBe('en');
    expect(await second.getByLabel('Language').inputValue()).toBe('en');
    await unsupported.close();
  });

  it('opens in the browser language on a first visit when Faxline speaks it, and in English otherwise', async () => {
    const spanish = await newContext(browser, { locale: 'es-MX' });
    const page = await spanish.newPage();
    await page.goto('/');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es');
    await visible(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Planes de fax' }));
    expect(await page.getByLabel('Idioma').inputValue()).toBe('es');
    // A choice made here wins over the browser from then on.
    await page.getByLabel('Idioma').selectOption('fr');
    await page.reload();
    await visible(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Forfaits fax' }));
    await spanish.close();

    const german = await newContext(browser, { locale: 'de-DE' });
    const second = await german.newPage();
    await second.goto('/');
    await visible(second.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fax Plans' }));
    expect(await second.locator('html').getAttribute('lang')).toBe('en');
    await german.close();
  });

  it('switches language from the mobile menu too', async () => {
    const context = await contextWith('phone');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByLabel('Language').selectOption('es');
    await visible(page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Planes de fax' }));
    await page.reload();
    await visible(page.getByRole('button', { name: 'Abrir el menú' }));
    await context.close();
  });
});

describe('the announcement bar and the cookie notice', () => {
  it('shows the promotion in force, goes to /pricing, is dismissed only by its own button, and is gone once it ends', async () => {
    // The back office's promotion, made at the Stripe simulator the test server runs (STRIPE_SIMULATOR, global-setup).
    const admin = await adminContext(browser);
    const origin = { origin: inject('baseUrl') };
    const created = await admin.request.post('/api/admin/promotions', {
      headers: origin,
      data: {
        name: { en: 'Year-end offer', es: null, fr: null },
        percentOff: 20,
        appliesTo: 'year',
        validFrom: new Date().toISOString(),
        validUntil: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const promotion = (await created.json()) as { id: string };

    const context = await contextWith('desktop');
    const page = await context.newPage();
    await page.goto('/');
    const bar = page.getByRole('complementary', { name: 'Announcement' });
    await visible(bar.getByText('Year-end offer', { exact: true }));
    await visible(bar.getByText(/20% off the first year of every yearly plan, until/));
    await expectNoAccessibilityViolations(page);
    await bar.getByRole('link').click();
    await pathname(page).toBe('/pricing');
    // The click-through is not a dismissal.
    await page.reload();
    await visible(bar);

    await bar.getByRole('button', { name: 'Dismiss announcement' }).click();
    await hidden(bar);
    await pathname(page).toBe('/pricing');
    await page.reload();
    await visible(page.getByRole('navigation', { name: 'Main' }));
    expect(await bar.count()).toBe(0);
    await context.close();

    // Ended, it is on no page (a browser that never dismissed it included).
    expect((await admin.request.post(`/api/admin/promotions/${promotion.id}/end`, { headers: origin })).status()).toBe(200);
    await admin.close();
    const after = await contextWith('desktop');
    const fresh = await after.newPage();
    const answered = fresh.waitForResponse((response) => response.url().endsWith('/api/promotions/active'));
    await fresh.goto('/');
    expect(await (await answered).json()).toEqual({ promotion: null });
    await visible(fresh.getByRole('navigation', { name: 'Main' }));
    expect(await fresh.getByRole('complementary', { name: 'Announcement' }).count()).toBe(0);
    await after.close();
  });

  it('shows the cookie notice until Accept, and remembers it', async () => {
    const context = await contextWith('phone', { acceptCookies: false });
    const page = await context.newPage();
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await visible(notice);
    await expectNoAccessibilityViolations(page);
    await notice.getByRole('button', { name: 'Accept' }).click();
    await hidden(notice);
    await page.reload();
    await visible(page.getByRole('button', { name: 'Open menu' }));
    expect(await notice.count()).toBe(0);
    await page.goto('/support');
    await visible(page.getByRole('button', { name: 'Open menu' }));
    expect(await notice.count()).toBe(0);
    await context.close();
  });
});

/** Every keyword of the table's navigation rows, in every language, with the page its row names. */
const NAVIGATION_KEYWORDS = KEYWORD_RULES.flatMap((rule) =>
  rule.kind === 'reply'
    ? []
    : Object.entries(rule.keywords).flatMap(([language, words]) => words.map((word) => ({ word, language, page: rule.page }))),
);

async function navigateBox(page: Page, text: string) {
  const box = page.getByRole('search', { name: 'AI navigation' }).getByRole('textbox', { name: 'Ask AI where to go' });
  await box.fill(text);
  await box.press('Enter');
}

/** Types every keyword whose page `filter` keeps, and checks the URL each time against the access rule. */
async function expectEveryKeyword(page: Page, viewer: TViewer, filter: (page: TPage) => boolean) {
  const cases = NAVIGATION_KEYWORDS.filter((entry) => filter(entry.page));
  expect(cases.length).toBeGreaterThan(0);
  for (const { word, language, page: target } of cases) {
    const expected = new URL(resolveDestination(target, viewer).href, 'http://x');
    // Each keyword must move the page: from where the last one led when that is elsewhere, or else from another page
    // (reached through the box itself). The user area and the back office have their own layouts without the box:
    // from there, back to a public page by address.
    const [start, startWord] = expected.pathname === '/contact' ? ['/about-us', 'about us'] : ['/contact', 'contact'];
    const here = new URL(page.url());
    if (/^\/(user|admin)(\/|$)/.test(here.pathname)) {
      await page.goto(start);
      // The box answers for the person it knows: after a reload, wait until the header shows who is signed in.
      if (viewer.signedIn) await visible(page.getByRole('banner').getByRole('button', { name: /@/ }));
      await pathname(page).toBe(start);
    } else if (here.pathname === expected.pathname) {
      await navigateBox(page, startWord);
      await pathname(page).toBe(start);
    }
    await navigateBox(page, `  ${word.toUpperCase()}  `);
    await expect
      .poll(
        () => {
          const url = new URL(page.url());
          return `${url.pathname}${url.search}`;
        },
        { message: `${language} "${word}"` },
      )
      .toBe(`${expected.pathname}${expected.search}`);
  }
}

describe('the navigation box (every keyword of the table)', () => {
  it('goes to every public page, says so, and says Not Found for anything else', async () => {
    const context = await contextWith('desktop');
    const page = await context.newPage();
    await page.goto('/');
    await visible(page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }));

    await navigateBox(page, 'How much does it cost?');
    await pathname(page).toBe('/pricing');
    await visible(page.getByText('Navigating...', { exact: true }));
    await visible(page.getByText('Taking you to Pricing', { exact: true }));

    await navigateBox(page, 'quantum physics');
    await visible(page.getByText('Not Found', { exact: true }));
    await visible(page.getByText(enCommon.assistant.nav.notFoundDescription, { exact: true }));
    await pathname(page).toBe('/pricing');

    // A question an FAQ of /support answers opens it there, the answer in the toast.
    await navigateBox(page, 'Can I receive faxes by email?');
    await pathname(page).toBe('/support');
    expect(new URL(page.url()).hash).toBe('#faqs');
    await visible(page.locator('[data-sonner-toast]').getByText('How do I receive faxes?', { exact: true }));
    // The page scrolls to its FAQs once they are in, but leaves the cursor in the box: the next words typed stay there.
    await visible(page.locator('#faqs summary', { hasText: 'How do I receive faxes?' }));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('Ask AI where to go…');

    await expectEveryKeyword(page, { signedIn: false, isAdmin: false }, (target) => DESTINATIONS[target].access === 'public');
    await context.close();
  });

  it('sends a signed-out visitor to /sign-in for protected pages and to /admin/login for admin pages', async () => {
    const context = await contextWith('desktop');
    const page = await context.newPage();
    await page.goto('/');
    await visible(page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }));
    await navigateBox(page, 'send fax');
    await pathname(page).toBe('/sign-in');
    await visible(page.getByText('Taking you to Sign In', { exact: true }));
    await expectEveryKeyword(page, { signedIn: false, isAdmin: false }, (target) => DESTINATIONS[target].access !== 'public');
    await context.close();
  });

  it('opens protected pages for a signed-in customer, and sends them to /user/dashboard for admin pages', async () => {
    const context = await contextWith('desktop');
    const person = await signedInPerson(context);
    const page = await context.newPage();
    await page.goto('/');
    await visible(page.getByRole('button', { name: person.email }));
    await expectEveryKeyword(page, { signedIn: true, isAdmin: false }, (target) => DESTINATIONS[target].access !== 'public');
    await context.close();
  });

  it('opens the admin pages for a platform admin', async () => {
    const admin = await createPlatformAdmin();
    const context = await contextWith('desktop');
    const page = await context.newPage();
    // The back office asks an admin to confirm who they are first (DESIGN.md); then the box leads straight there.
    await page.goto('/admin/login');
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await pathname(page).toBe('/admin/dashboard');
    await visible(page.getByRole('button', { name: admin.email }));
    await expectEveryKeyword(page, { signedIn: true, isAdmin: true }, (target) => DESTINATIONS[target].access === 'admin');
    await context.close();
  });
});

describe('the chat helper', () => {
  it('welcomes, shows the chips until the first question, answers after typing, falls back, and navigates on "yes pricing"', async () => {
    const context = await contextWith('desktop');
    const page = await context.newPage();
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Chat with the Faxline assistant' });
    await button.click();
    const panel = page.getByRole('dialog', { name: 'Faxline assistant' });
    await visible(panel);
    const log = panel.getByRole('log');
    await visible(log.getByText(enCommon.assistant.chat.welcome));
    // Focus moves into the panel.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    const chips = panel.getByRole('group', { name: 'Quick questions' });
    expect(await chips.getByRole('button').allTextContents()).toEqual([
      'What are your prices?',
      'How can I contact support?',
      'How do I send a fax?',
    ]);
    await expectNoAccessibilityViolations(page);

    const input = panel.getByRole('textbox', { name: 'Your message' });
    await input.fill('hello');
    await input.press('Enter');
    // The typing state comes first (announced politely), and the chips go with the first question.
    const typing = panel.getByRole('status');
    await expect.poll(() => typing.textContent()).toBe('The assistant is typing…');
    expect(await log.getByText(enCommon.assistant.chat.replies.greeting).count()).toBe(0);
    expect(await chips.count()).toBe(0);
    await visible(log.getByText(enCommon.assistant.chat.replies.greeting));
    await expect.poll(() => typing.textContent()).toBe('');
    expect(await chips.count()).toBe(0);

    await input.fill('Can you fax the moon?');
    await input.press('Enter');
    await visible(log.getByText("I'm still learning! For complex queries, please visit our support page.", { exact: true }));

    // Esc closes and gives focus back to the button; reopening keeps the conversation (one welcome only).
    await page.keyboard.press('Escape');
    await hidden(panel);
    await expect.poll(() => focusedLabel(page)).toBe('Chat with the Faxline assistant');
    await button.click();
    await visible(panel);
    expect(await log.getByText(enCommon.assistant.chat.welcome).count()).toBe(1);

    await input.fill('pricing');
    await input.press('Enter');
    await visible(log.getByText(enCommon.assistant.chat.replies.pricing));
    await input.fill('yes pricing');
    await input.press('Enter');
    await expect.poll(() => typing.textContent()).toBe('The assistant is typing…');
    expect(new URL(page.url()).pathname).toBe('/');
    await pathname(page).toBe('/fax-plans');
    await visible(log.getByText('Taking you to Fax Plans…'));
    await context.close();
  });

  it('answers a quick-question chip, and sends a signed-out visitor to /sign-in on "yes send fax"', async () => {
    const context = await contextWith('phone');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Chat with the Faxline assistant' }).click();
    const panel = page.getByRole('dialog', { name: 'Faxline assistant' });
    await panel.getByRole('button', { name: 'How do I send a fax?' }).click();
    await visible(panel.getByRole('log').getByText('How do I send a fax?'));
    expect(await panel.getByRole('group', { name: 'Quick questions' }).count()).toBe(0);
    await visible(panel.getByRole('log').getByText(enCommon.assistant.chat.replies.sendFax));
    await expectNoAccessibilityViolations(page);

    await panel.getByRole('textbox', { name: 'Your message' }).fill('yes send fax');
    await panel.getByRole('button', { name: 'Send' }).click();
    await pathname(page).toBe('/sign-in');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/user/send-fax');
    await context.close();
  });

  it('answers "Can I receive faxes by email?" with the FAQ of /support and its link, in en, es and fr; nonsense still falls back', async () => {
    for (const [language, common, question, faq] of [
      ['en', enCommon, 'Can I receive faxes by email?', 'How do I receive faxes?'],
      ['es', esCommon, '¿Puedo recibir faxes por correo electrónico?', '¿Cómo recibo faxes?'],
      ['fr', frCommon, 'Puis-je recevoir des fax par e-mail ?', 'Comment recevoir des fax ?'],
    ] as const) {
      const context = await contextWith('desktop');
      await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
      // The answer /support shows for that FAQ, as the server serves it.
      const served = (await (await context.request.get(`/api/faqs?language=${language}`)).json()) as {
        faqs: Array<{ question: string; answer: string }>;
      };
      // French puts a no-break space before '?'.
      const entry = served.faqs.find(({ question: text }) => text.replace(/\s/g, ' ') === faq);
      expect(entry, `${language}: the FAQ "${faq}"`).toBeDefined();
      const { question: faqShown = '', answer = '' } = entry ?? {};

      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('button', { name: common.assistant.chat.open }).click();
      const panel = page.getByRole('dialog', { name: common.assistant.chat.title });
      const log = panel.getByRole('log');
      const input = panel.getByRole('textbox', { name: common.assistant.chat.inputLabel });
      await input.fill(question);
      await input.press('Enter');
      await visible(log.locator('strong').getByText(faqShown, { exact: true }));
      await visible(log.getByText(answer));
      const link = log.getByRole('link', { name: common.assistant.chat.readAnswer });
      expect(await link.getAttribute('href')).toBe('/support#faqs');
      expect(await log.getByText(common.assistant.chat.replies.fallback).count()).toBe(0);
      if (language === 'en') await expectNoAccessibilityViolations(page);

      await input.fill('qwerty zxcv blorp');
      await input.press('Enter');
      await visible(log.getByText(common.assistant.chat.replies.fallback, { exact: true }));

      // The link opens /support at its FAQs, where the same question is.
      await link.click();
      await pathname(page).toBe('/support');
      expect(new URL(page.url()).hash).toBe('#faqs');
      await visible(page.locator('#faqs').getByText(faqShown, { exact: true }));
      await context.close();
    }
  });

  it('speaks Spanish and French, with their confirmations', async () => {
    for (const [language, question, confirmation, open] of [
      ['es', 'precios', 'sí precios', 'Chatear con el asistente de Faxline'],
      ['fr', 'tarifs', 'oui tarifs', "Discuter avec l'assistant Faxline"],
    ] as const) {
      const context = await contextWith('desktop');
      await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('button', { name: open }).click();
      const input = page.getByRole('dialog').getByRole('textbox');
      await input.fill(question);
      await input.press('Enter');
      await visible(page.getByRole('log').getByText(confirmation, { exact: false }));
      await input.fill(confirmation);
      await input.press('Enter');
      await pathname(page).toBe('/fax-plans');
      await context.close();
    }
  });
});
