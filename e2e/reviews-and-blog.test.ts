import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminContext, signedInPerson } from './support/accounts';
import { collectConsoleErrors, expectNoAccessibilityViolations, newContext, type Viewport } from './support/browser';
import { hidden, sameOrigin, textShown, toast, useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

const { browser } = useBrowser();
const screenshots = useScreenshotsFolder('faxline-reviews-blog-');
let admin: BrowserContext;
beforeAll(async () => {
  admin = await adminContext(browser);
});
afterAll(async () => {
  await admin.close();
});

const tag = () => randomBytes(3).toString('hex');

/** A visitor's page in a language (spec 000 §4: the language kept in local storage), at a width. */
async function visitorPage(language: 'en' | 'es' | 'fr', viewport: Viewport = 'desktop'): Promise<Page> {
  const context = await newContext(browser, { viewport });
  await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
  return context.newPage();
}

describe('reviews', () => {
  it('a customer’s review is hidden until the back office approves it, then shown under their name with the answer', async () => {
    const words = `Faxing referrals from the portal saves us an hour a day ${tag()}.`;
    const customer = await newContext(browser);
    const { name } = await signedInPerson(customer, `Rosa Reviewer ${tag()}`);
    const page = await customer.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto('/write-review');
    await visible(page.getByText(`Your review is shown under your name as your profile gives it: ${name}.`, { exact: true }));
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await visible(toast(page, 'Missing Information'));
    await visible(page.getByText('Please write your review.', { exact: true }));

    await page.getByLabel('Company (optional)', { exact: true }).fill('Family medicine clinic');
    await page.getByLabel('Your review', { exact: true }).fill(words);
    // The rating by keyboard: Tab from the review text into the radio group, Space, then the arrow keys.
    await page.getByLabel('Your review', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('radio', { name: '4 out of 5 stars' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await visible(toast(page, 'Review Submitted!'));
    await visible(page.getByText('Waiting to be read', { exact: true }));
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(screenshots(), 'write-review-pending-en.png'));

    // Not on the site before it is approved.
    const visitor = await visitorPage('en');
    await visitor.goto('/reviews');
    const customers = visitor.getByRole('region', { name: 'Customer reviews' });
    await visible(customers);
    await visible(visitor.getByRole('region', { name: 'Example reviews' }));
    expect(await visitor.getByRole('region', { name: 'Example reviews' }).getByText('Example', { exact: true }).count()).toBe(6);
    expect(await visitor.getByText(words, { exact: true }).count()).toBe(0);

    // The back office approves it and answers.
    const office = await admin.newPage();
    await office.goto('/admin/content?tab=reviews');
    await visible(office.getByRole('tab', { name: 'Reviews', selected: true }));
    const card = office.getByRole('article', { name });
    await visible(card.getByText(words, { exact: true }));
    await expectNoAccessibilityViolations(office);
    await card.getByRole('button', { name: `Approve the review by ${name}` }).click();
    await textShown(office, 'Review approved');
    await office.getByLabel('Show', { exact: true }).selectOption('approved');
    const approved = office.getByRole('article', { name });
    await approved.getByLabel('Public answer', { exact: true }).fill('Thank you, Rosa!');
    await approved.getByRole('button', { name: `Save the answer to ${name}` }).click();
    await textShown(office, 'Answer saved');
    await wholePageScreenshot(office, path.join(screenshots(), 'admin-reviews-en.png'));

    await visitor.reload();
    const shown = visitor.getByRole('region', { name: 'Customer reviews' }).getByRole('article', { name });
    await visible(shown.getByText(words, { exact: true }));
    await visible(shown.getByText('4 out of 5 stars', { exact: true }));
    await visible(shown.getByText('Thank you, Rosa!', { exact: true }));
    await visible(visitor.getByText(/^from \d+ reviews?$/));
    await expectNoAccessibilityViolations(visitor);
    await wholePageScreenshot(visitor, path.join(screenshots(), 'reviews-en.png'));

    // Signed out, /write-review asks to sign in rather than take words nobody can stand behind.
    await visitor.goto('/write-review');
    await visible(visitor.getByRole('heading', { level: 2, name: 'Sign in to write a review' }));
    expect(await visitor.getByRole('button', { name: 'Submit Review' }).count()).toBe(0);

    const phone = await visitorPage('fr', 'phone');
    await phone.goto('/reviews');
    await visible(phone.getByRole('region', { name: 'Avis des clients' }).getByText(words, { exact: true }));
    await wholePageScreenshot(phone, path.join(screenshots(), 'reviews-fr-phone.png'));

    expect(errors).toEqual([]);
    await customer.close();
    await visitor.context().close();
    await phone.context().close();
    await office.close();
  });
});

describe('the blog', () => {
  it('a Markdown post shows without its script or onerror, in Spanish to a Spanish reader and in English to a French one', async () => {
    const slug = `faxing-from-a-phone-${tag()}`;
    const title = `Faxing from a phone ${slug.slice(-6)}`;
    const spanishTitle = `Enviar un fax desde el móvil ${slug.slice(-6)}`;
    const body = [
      'Open the portal and press **Send**.',
      '',
      '<script>window.__scriptRan = true; alert(1)</script>',
      '',
      '<img src="x" onerror="window.__onerrorRan = true; alert(2)">',
      '',
      '[A bad link](javascript:alert(3))',
    ].join('\n');

    // The English post through the back office's form.
    const office = await admin.newPage();
    await office.goto('/admin/content?tab=blog-posts');
    await office.getByRole('link', { name: 'New Blog Post' }).click();
    await office.getByLabel('Title', { exact: true }).fill(title);
    await office.getByLabel('Slug', { exact: true }).fill(slug);
    await office.getByLabel('Description', { exact: true }).fill('Send a fax from your phone in a minute.');
    await office.getByLabel('Content (Markdown)', { exact: true }).fill(body);
    await office.getByRole('button', { name: 'Create Draft' }).click();
    await textShown(office, 'Draft Created');
    await expectNoAccessibilityViolations(office);
    await wholePageScreenshot(office, path.join(screenshots(), 'admin-blog-post-en.png'));

    // A draft is not on the blog.
    const english = await visitorPage('en');
    const dialogs: string[] = [];
    english.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await english.goto('/blog');
    await visible(english.getByRole('heading', { level: 1, name: 'Blog' }));
    await hidden(english.getByRole('link', { name: title }));

    await office.getByRole('button', { name: 'Publish' }).click();
    await textShown(office, 'Published');

    // Its Spanish translation (same slug), published; and a post scheduled for tomorrow, which nobody sees yet.
    const create = async (data: object) => {
      const response = await admin.request.post('/api/admin/content', { data, headers: sameOrigin() });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const spanish = await create({
      kind: 'blog_post',
      language: 'es',
      title: spanishTitle,
      slug,
      body: 'Abra el portal y pulse **Enviar**.',
    });
    expect((await admin.request.post(`/api/admin/content/${spanish}/publish`, { headers: sameOrigin() })).status()).toBe(200);
    const laterTitle = `Coming soon ${tag()}`;
    const later = await create({ kind: 'blog_post', language: 'en', title: laterTitle, body: 'Not yet.' });
    const tomorrow = new Date(Date.now() + 24 * 60 * 60_000).toISOString();
    const scheduled = await admin.request.post(`/api/admin/content/${later}/publish?at=${encodeURIComponent(tomorrow)}`, {
      headers: sameOrigin(),
    });
    expect(scheduled.status()).toBe(200);

    await english.reload();
    await english.getByRole('link', { name: title }).click();
    await visible(english.getByRole('heading', { level: 1, name: title }));
    const article = english.locator('main article');
    await visible(article.locator('strong', { hasText: 'Send' }));
    await visible(article.getByText('A bad link', { exact: true }));
    expect(await english.locator('main script').count()).toBe(0);
    expect(await english.locator('main [onerror], main img').count()).toBe(0);
    expect(await article.locator('a[href^="javascript:" i]').count()).toBe(0);
    expect(await english.evaluate(() => [Boolean((window as never)['__scriptRan']), Boolean((window as never)['__onerrorRan'])])).toEqual([
      false,
      false,
    ]);
    expect(dialogs).toEqual([]);
    await expectNoAccessibilityViolations(english);
    await wholePageScreenshot(english, path.join(screenshots(), 'blog-post-en.png'));
    await english.goto('/blog');
    await visible(english.getByRole('link', { name: title }));
    await hidden(english.getByRole('link', { name: laterTitle }));

    const reader = await visitorPage('es', 'phone');
    await reader.goto('/blog');
    await visible(reader.getByRole('link', { name: spanishTitle }));
    await hidden(reader.getByRole('link', { name: title }));
    await expectNoAccessibilityViolations(reader);
    await wholePageScreenshot(reader, path.join(screenshots(), 'blog-es-phone.png'));
    await reader.getByRole('link', { name: spanishTitle }).click();
    await visible(reader.getByRole('heading', { level: 1, name: spanishTitle }));

    const french = await visitorPage('fr');
    await french.goto('/blog');
    await visible(french.getByRole('link', { name: title }));
    await hidden(french.getByRole('link', { name: spanishTitle }));
    await wholePageScreenshot(french, path.join(screenshots(), 'blog-fr.png'));

    // A page written in the back office is at its own address, in English for a French reader without a translation.
    const pagePath = `/our-story-${tag()}`;
    const page = await create({ kind: 'page', language: 'en', title: 'Our story', path: pagePath, body: 'Since **2020**.' });
    expect((await admin.request.post(`/api/admin/content/${page}/publish`, { headers: sameOrigin() })).status()).toBe(200);
    await french.goto(pagePath);
    await visible(french.getByRole('heading', { level: 1, name: 'Our story' }));
    await visible(french.locator('main article strong', { hasText: '2020' }));

    // A scheduled post's address is not found before its time.
    await french.goto(`/blog/${encodeURIComponent(laterTitle.toLowerCase().replace(/ /g, '-'))}`);
    await visible(french.getByText('404', { exact: true }));

    for (const page of [english, reader, french]) await page.context().close();
    await office.close();
  });
});
