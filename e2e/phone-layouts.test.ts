import fs from 'node:fs/promises';
import path from 'node:path';
import { SANDBOX_TEST_NUMBERS, formatPhoneInternational, type TFaxListResponse } from '@faxline/shared';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import { signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations } from './support/browser';
import { sendFaxThroughApi } from './support/faxes';
import { useBrowser, useScreenshotsFolder, visible } from './support/fixtures';

/**
 * Phone first. At 390 px the fax history, the dashboard and the send form fit the screen in every language:
 * no sideways scrolling, each fax's status and menu on screen, numbers on one line; and the send form's Send Later
 * speaks the chosen language, not the browser's.
 */

const PHONE = { width: 390, height: 844 };
const LANGUAGES = ['en', 'es', 'fr'] as const;
type TLanguage = (typeof LANGUAGES)[number];
const LONG_NAME = 'Parkside Orthopaedic and Sports Medicine Clinic';
const PARTIAL = SANDBOX_TEST_NUMBERS.partial_delivery; // +15550100004, the number the tester saw broken in two

const { browser } = useBrowser();
const shotsDir = useScreenshotsFolder('faxline-phone-');

/** The web app's own texts, so that each language is checked with its words. */
type TFaxTexts = { status: Record<string, string>; history: Record<string, string>; send: Record<string, string> };
type TUserTexts = { dashboard: { recentFaxes: Record<string, string>; greeting?: string } };
const texts = {} as Record<TLanguage, { faxes: TFaxTexts; user: TUserTexts }>;
const localeFile = async (language: string, namespace: string) =>
  JSON.parse(await fs.readFile(new URL(`../apps/web/src/locales/${language}/${namespace}.json`, import.meta.url), 'utf8')) as unknown;

beforeAll(async () => {
  for (const language of LANGUAGES) {
    texts[language] = {
      faxes: (await localeFile(language, 'faxes')) as TFaxTexts,
      user: (await localeFile(language, 'user')) as TUserTexts,
    };
  }
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The text before the first placeholder: "Actions for the fax of {{date}} ..." gives "Actions for the fax of". */
const prefixOf = (template: string) => template.split('{{')[0]!.trim();

async function phoneContext(): Promise<BrowserContext> {
  // The browser speaks English; the language is chosen in the app (localStorage), as a person's choice is kept.
  return browser.newContext({ baseURL: inject('baseUrl'), viewport: PHONE, locale: 'en-US' });
}

async function faxes(context: BrowserContext, direction: 'outbound' | 'inbound') {
  const response = await context.request.get(`/api/faxes?direction=${direction}`);
  return ((await response.json()) as TFaxListResponse).faxes;
}

/** Chooses the language as the language picker does (it is kept in localStorage) and opens `url` in it. */
async function openIn(page: Page, language: TLanguage, url: string): Promise<void> {
  await page.goto(url);
  await page.evaluate((code) => localStorage.setItem('language', code), language);
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
}

/**
 * Nothing wider than the screen: the page does not scroll sideways, and no visible element reaches past either edge
 * (an element inside a sideways-scrolling box would: that is the layout the issue forbids). Returns the offenders.
 */
async function expectFitsScreen(page: Page): Promise<void> {
  const result = await page.evaluate(() => {
    const width = window.innerWidth;
    const offenders: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // An <svg> clips what it draws (an avatar's rotated shapes): its own box is the one that counts.
      if (element instanceof SVGElement && element.ownerSVGElement) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden') continue;
      // Text for screen readers only is clipped to nothing where it stands.
      if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') continue;
      // A table in a region that scrolls sideways (the dashboard's delivery record per line) is meant to be wider.
      const scroller = element.closest('[role="region"]');
      if (scroller && scroller !== element && ['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) continue;
      if (box.left < -0.5 || box.right > width + 0.5) {
        const holder = element.closest('[aria-label], [id], button, a');
        const where =
          holder && holder !== element ? ` in ${holder.tagName.toLowerCase()} "${holder.getAttribute('aria-label') ?? holder.id}"` : '';
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${where}`;
        offenders.push(`${name} [${Math.round(box.left)}..${Math.round(box.right)}] "${(element.textContent ?? '').trim().slice(0, 40)}"`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, offenders };
  });
  expect(result.offenders).toEqual([]);
  expect(result.scrollWidth).toBeLessThanOrEqual(result.width);
}

/** On screen: visible, and its box wholly between the screen's left and right edges. */
async function expectOnScreen(locator: Locator): Promise<void> {
  await visible(locator);
  // Polled: a fax's status may change while it is measured (a partial delivery is retried), and its text is drawn anew.
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      return box === null ? 'not shown' : { left: box.x >= 0, right: box.x + box.width <= PHONE.width };
    })
    .toEqual({ left: true, right: true });
}

/** The text of `locator` sits on one line: all its pieces share one line box. */
async function expectOneLine(locator: Locator): Promise<void> {
  const lines = await locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(
      Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)),
    ).size;
  });
  expect(lines).toBe(1);
}

/** A screenshot of the whole page, checked to be a written PNG. */
async function screenshot(page: Page, name: string): Promise<void> {
  const file = path.join(shotsDir(), `${name}.png`);
  // From the top, so that the sticky header sits where it belongs in the picture of the whole page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  const bytes = await fs.readFile(file);
  expect(bytes.length).toBeGreaterThan(1000);
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
}

/** Every status label of the language, as the history and dashboard show them. */
const statusPattern = (language: TLanguage) => new RegExp(`^(${Object.values(texts[language].faxes.status).map(escape).join('|')})$`);

/**
 * One person with faxes to show, made by the first test that needs it (expect.poll, used to sign up and to wait for
 * the received fax, works only inside a test). Sent: a long name on the sandbox's partial-delivery number, a number
 * alone, and one scheduled for tomorrow (it can still be cancelled); received: one from another account.
 */
let prepared: Promise<BrowserContext> | undefined;
const personWithFaxes = () => (prepared ??= prepare());
async function prepare(): Promise<BrowserContext> {
  const context = await phoneContext();
  const sender = await phoneContext();
  await signedInPerson(context, 'Ada Phone');
  await signedInPerson(sender, 'Grace Caller');
  const numbers = (await (await context.request.get('/api/numbers')).json()) as { numbers: Array<{ phoneNumber: string }> };
  const ownNumber = numbers.numbers[0]!.phoneNumber;
  await sendFaxThroughApi(context, { recipientNumber: PARTIAL, recipientName: LONG_NAME });
  await sendFaxThroughApi(context, { recipientNumber: '+15550100099' });
  const tomorrow = new Date(Date.now() + 86_400_000);
  await sendFaxThroughApi(context, { recipientNumber: '+15550100098', recipientName: 'Dr. Ng', scheduledAt: tomorrow.toISOString() });
  await sendFaxThroughApi(sender, { recipientNumber: ownNumber });
  await expect.poll(async () => (await faxes(context, 'inbound'))[0]?.status, { timeout: 60_000, interval: 500 }).toBe('received');
  await sender.close();
  return context;
}

describe('phone layouts at 390 px (issue 15)', () => {
  afterAll(async () => (await prepared)?.close());

  for (const language of LANGUAGES) {
    it(`shows the fax history as cards with status and menu on screen (${language})`, async () => {
      const t = texts[language].faxes;
      const page = await (await personWithFaxes()).newPage();
      await openIn(page, language, '/user/fax-history');
      const list = page.getByRole('list', { name: new RegExp(`^${escape(prefixOf(t.history.sentCaption!))}`) });
      const cards = list.getByRole('listitem');
      await expect.poll(() => cards.count()).toBe(3);
      // No table squeezed into a sideways scroll on a phone.
      expect(await page.getByRole('table').count()).toBe(0);

      for (const card of await cards.all()) {
        await expectOnScreen(card.getByText(statusPattern(language)));
        await expectOnScreen(card.getByRole('button', { name: new RegExp(`^${escape(prefixOf(t.history.actionsFor!))}`) }));
      }
      const longCard = cards.filter({ hasText: LONG_NAME });
      await expectOnScreen(longCard.getByText(LONG_NAME, { exact: true }));
      const number = longCard.getByText(formatPhoneInternational(PARTIAL), { exact: true });
      await expectOnScreen(number);
      await expectOneLine(number);
      await screenshot(page, `history-sent-${language}`);
      await expectFitsScreen(page);
      await expectNoAccessibilityViolations(page);

      // The received tab: the sender's number, its Unread status and its menu.
      await page.getByRole('tab', { name: new RegExp(`^${escape(prefixOf(t.history.receivedTab!))}`) }).click();
      const received = page
        .getByRole('list', { name: new RegExp(`^${escape(prefixOf(t.history.receivedCaption!))}`) })
        .getByRole('listitem');
      await expect.poll(() => received.count()).toBe(1);
      await expectOnScreen(received.getByText(t.status.unread!, { exact: true }));
      await expectOnScreen(received.getByRole('button', { name: new RegExp(`^${escape(prefixOf(t.history.actionsFor!))}`) }));
      await screenshot(page, `history-received-${language}`);
      await expectFitsScreen(page);
      await page.close();
    });

    it(`shows the dashboard's recent faxes with the whole name and each status on screen (${language})`, async () => {
      const recentTexts = texts[language].user.dashboard.recentFaxes;
      const page = await (await personWithFaxes()).newPage();
      await openIn(page, language, '/user/dashboard');
      const recent = page.getByRole('list', { name: recentTexts.listLabel }).getByRole('listitem');
      await expect.poll(() => recent.count()).toBe(4);
      for (const item of await recent.all()) await expectOnScreen(item.getByText(statusPattern(language)));
      // The long name is there whole, wrapped between words rather than cut to "To Par…".
      const name = recent.filter({ hasText: LONG_NAME }).getByText(LONG_NAME, { exact: true });
      await expectOnScreen(name);
      expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
      const number = recent.getByText(formatPhoneInternational('+15550100099'), { exact: true });
      await expectOnScreen(number);
      await expectOneLine(number);
      await expect.poll(() => page.getByRole('main').getByRole('status').count()).toBe(0);
      await screenshot(page, `dashboard-${language}`);
      await expectFitsScreen(page);
      await expectNoAccessibilityViolations(page);
      await page.close();
    });

    it(`fits the send form on the screen, with a file of a long name attached (${language})`, async () => {
      const t = texts[language].faxes;
      const page = await (await personWithFaxes()).newPage();
      await openIn(page, language, '/user/send-fax');
      await visible(page.getByRole('heading', { name: t.send.title, level: 1 }));
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: new RegExp(`^${escape(t.send.dropZone!)}`) }).click();
      await (
        await chooser
      ).setFiles([
        { name: 'quarterly-report-for-the-board-of-directors-2026-final.pdf', mimeType: 'application/pdf', buffer: await makePdf(1) },
      ]);
      await visible(page.getByRole('list', { name: t.send.filesListLabel }).getByRole('listitem'));
      await page.getByLabel(t.send.recipientLabel!).fill(PARTIAL);
      // A day chosen: the time select is filled in too.
      await page.getByLabel(t.send.scheduleDayLabel!, { exact: true }).selectOption({ index: 2 });
      await expectOnScreen(page.getByLabel(t.send.scheduleTimeLabel!, { exact: true }));
      await expectOnScreen(page.getByRole('button', { name: t.send.submit, exact: true }));
      await screenshot(page, `send-form-${language}`);
      await expectFitsScreen(page);
      await expectNoAccessibilityViolations(page);
      await page.close();
    });
  }

  it('writes the Send Later day and time in the chosen language (French here), not the browser’s (English)', async () => {
    const t = texts.fr.faxes;
    const page = await (await personWithFaxes()).newPage();
    await openIn(page, 'fr', '/user/send-fax');
    const day = page.getByLabel(t.send.scheduleDayLabel!, { exact: true });
    const time = page.getByLabel(t.send.scheduleTimeLabel!, { exact: true });
    await visible(day);
    // Tomorrow, as the browser's clock has it, in French words: "vendredi 27 novembre".
    const tomorrow = await page.evaluate(() => {
      const date = new Date(Date.now() + 86_400_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return {
        value: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
        weekday: new Intl.DateTimeFormat('fr', { weekday: 'long' }).format(date),
        month: new Intl.DateTimeFormat('fr', { month: 'long' }).format(date),
      };
    });
    const option = day.locator(`option[value="${tomorrow.value}"]`);
    expect(await option.textContent()).toMatch(new RegExp(`^${tomorrow.weekday} \\d{1,2} ${tomorrow.month}`));
    expect(await day.locator('option').first().textContent()).toBe(t.send.scheduleNow);

    await day.selectOption(tomorrow.value);
    await time.selectOption('14:30');
    // A 24-hour clock, as French writes it ("14:30", not "2:30 PM").
    expect(await time.locator('option:checked').textContent()).toBe('14:30');
    expect(await time.locator('option[value="09:00"]').textContent()).toMatch(/^0?9:00$/);
    await screenshot(page, 'send-schedule-fr');

    // The chosen time is the one sent: the history says when, in French.
    await page.getByLabel(t.send.recipientLabel!).fill('+15550100097');
    await page.getByLabel(new RegExp(`^${escape(t.send.coverMessageLabel!)}`)).fill('Bonjour');
    await page.getByRole('button', { name: t.send.submit, exact: true }).click();
    await visible(page.getByText(t.send.sentTitle!, { exact: true }), 30_000);
    const scheduled = (await faxes(await personWithFaxes(), 'outbound')).find((fax) => fax.toNumber === '+15550100097');
    const expected = await page.evaluate(() => {
      const date = new Date(Date.now() + 86_400_000);
      date.setHours(14, 30, 0, 0);
      return { time: date.getTime(), shown: new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeStyle: 'short' }).format(date) };
    });
    expect(new Date(scheduled!.scheduledAt!).getTime()).toBe(expected.time);
    await openIn(page, 'fr', '/user/fax-history');
    const cards = page.getByRole('list', { name: new RegExp(`^${escape(prefixOf(t.history.sentCaption!))}`) });
    await visible(cards.getByText(t.history.scheduledFor!.replace('{{date}}', expected.shown), { exact: true }));

    // And in English, a 12-hour clock.
    await openIn(page, 'en', '/user/send-fax');
    const dayEn = page.getByLabel('Day', { exact: true });
    await dayEn.selectOption(tomorrow.value);
    expect(await page.getByLabel('Time', { exact: true }).locator('option[value="14:30"]').textContent()).toMatch(/^2:30\sPM$/);
    await page.close();
  });

  it('keeps the table at 1280 px', async () => {
    const page = await (await personWithFaxes()).newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await openIn(page, 'en', '/user/fax-history');
    const table = page.getByRole('table', { name: /^Sent faxes/ });
    await visible(table);
    expect(await page.getByRole('list', { name: /^Sent faxes/ }).count()).toBe(0);
    await visible(table.getByText(LONG_NAME, { exact: true }));
    await screenshot(page, 'history-sent-desktop-en');
    await page.close();
  });
});
