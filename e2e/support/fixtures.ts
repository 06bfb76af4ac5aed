// What every browser test file sets up the same way: its browser, the contexts it opens, the server's address, and
// the waits for what a person would see.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchBrowser, newContext, type ContextOptions } from './browser';

/** The part of the browser a test uses: contexts and pages of its own (closed by the test). */
export type TestBrowser = Pick<Browser, 'newContext' | 'newPage'>;

/**
 * The browser of a test file: Debian's Chromium, launched before the file's first test and closed after its last
 * (after the file's own afterAll hooks); closing it closes every context opened in it.
 */
export function useBrowser(launchOptions: { args?: string[] } = {}): {
  browser: TestBrowser;
  context: (options?: ContextOptions) => Promise<BrowserContext>;
} {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser(launchOptions.args);
  });
  afterAll(async () => {
    await launched?.close();
  });
  const current = () => {
    if (!launched) throw new Error('The browser is launched in beforeAll: use it in a hook or a test, not while the file loads.');
    return launched;
  };
  const browser: TestBrowser = {
    newContext: (options) => current().newContext(options),
    newPage: (options) => current().newPage(options),
  };
  /** A context on the test server (desktop, en-US unless told). */
  const context = (options: ContextOptions = {}) => newContext(browser, options);
  return { browser, context };
}

/** The Origin header of a same-origin write, as the browser sends it to the test server. */
export const sameOrigin = () => ({ origin: inject('baseUrl') });

/** Waits until the element is visible, as a person waits for it (15 s unless told). */
export const visible = (locator: Locator, timeout = 15_000) => expect.poll(() => locator.isVisible(), { timeout }).toBe(true);

/** Waits until the element is gone from sight. */
export const hidden = (locator: Locator) => expect.poll(() => locator.isVisible()).toBe(false);

/** A toast (or any text) by its exact words. */
export const toast = (page: Page, title: string) => page.getByText(title, { exact: true });

/** Waits until a text, by its exact words, is shown (its first match). */
export const textShown = (page: Page, text: string) => visible(page.getByText(text, { exact: true }).first());

/**
 * The folder a test file keeps its screenshots in: E2E_SCREENSHOTS_DIR, kept for a person to look at, or else a
 * temporary folder (named from `prefix`) removed after the file's last test.
 */
export function useScreenshotsFolder(prefix: string): () => string {
  const kept = process.env.E2E_SCREENSHOTS_DIR;
  let folder: string | undefined;
  beforeAll(async () => {
    folder = kept ? path.resolve(kept) : await fs.mkdtemp(path.join(os.tmpdir(), prefix));
    await fs.mkdir(folder, { recursive: true });
  });
  afterAll(async () => {
    if (folder && !kept) await fs.rm(folder, { recursive: true, force: true });
  });
  return () => {
    if (!folder) throw new Error('The screenshots folder is made in beforeAll: use it in a hook or a test.');
    return folder;
  };
}

/** A screenshot of the whole page from its top (where a sticky header belongs), checked to be a written PNG. */
export async function wholePageScreenshot(page: Page, file: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  expect((await fs.readFile(file)).subarray(1, 4).toString()).toBe('PNG');
}

/**
 * The elements of the page's main content (or of the part `within` names) that reach past the screen's sides, and the
 * page's own width. With `scrollingRegionsAllowed`, what sits in a region that scrolls sideways (code samples, tables)
 * is meant to be wide. A box without height shows nothing, and what it holds is judged by its own box: the OpenAPI
 * reference's empty list of toasts is 16 px wider than a phone (its toast library's phone style), 0 px high.
 */
export const overflowOf = (page: Page, { within = 'main', scrollingRegionsAllowed = false } = {}) =>
  page.evaluate(
    ({ selector, regionsAllowed }) => {
      const width = window.innerWidth;
      const offenders = Array.from(document.querySelectorAll(`${selector}, ${selector} *`))
        .filter((element) => {
          if (regionsAllowed && element.closest('[role="region"]')) return false;
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && (box.left < -0.5 || box.right > width + 0.5);
        })
        .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
      return { offenders, scrollWidth: document.documentElement.scrollWidth, width };
    },
    { selector: within, regionsAllowed: scrollingRegionsAllowed },
  );

/**
 * A phone-sized page (390 × 844) with `person`'s session, in `language` (set before the first load, where the language
 * menu keeps it). A context of its own, so that the language chosen there stays out of the person's other pages.
 */
export async function phonePageOf(browser: TestBrowser, person: BrowserContext, language: string): Promise<Page> {
  const phoneContext = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: { width: 390, height: 844 },
    storageState: await person.storageState(),
  });
  const phone = await phoneContext.newPage();
  await phone.addInitScript((code) => localStorage.setItem('language', code), language);
  return phone;
}
