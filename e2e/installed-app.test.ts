import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { formatPhoneInternational, ZWebAppManifest } from '@faxline/shared';
import { makePdf } from '@test-support/factories/documents';
import { PASSWORD, uniqueEmail } from '@test-support/factories/values';
import { faxlineBuild, freePort, repoRoot, startFaxline, tempDataDir, type FaxlineProcess } from '@test-support/faxline-process';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enApp from '../apps/web/src/locales/en/installed-app.json';
import enFaxes from '../apps/web/src/locales/en/faxes.json';
import esApp from '../apps/web/src/locales/es/installed-app.json';
import frApp from '../apps/web/src/locales/fr/installed-app.json';
import esHelp from '../apps/web/src/locales/es/help.json';
import esMarketing from '../apps/web/src/locales/es/marketing.json';
import { emailedLink } from './support/accounts';
import { expectNoAccessibilityViolations, launchBrowser } from './support/browser';
import { useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

/**
 * The installed app (issue 42 items 1 and 4, decision 132), as only a browser shows it: the server's manifest and the
 * service worker register, Chromium reports the app installable, a file shared to the app opens the send page with it
 * attached, a new deployment's service worker offers "Reload", the install offer comes after a first delivered fax,
 * and with the server stopped the app shell and the last history page still show, saying so. A server of its own: the
 * test stops it, and deploys a new version into its copy of the web build.
 */

const build = faxlineBuild(process.env.E2E_BUILD);
const TEXTS = { en: enApp, es: esApp, fr: frApp } as const;
const LANGUAGES = ['en', 'es', 'fr'] as const;
const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;
/** Each language at each width: what the prompts are checked and photographed in. */
const EVERY_LOOK = LANGUAGES.flatMap((language) => (['desktop', 'phone'] as const).map((viewport) => [language, viewport] as const));
const RECIPIENT = '+15550100099';
const RECIPIENT_SHOWN = formatPhoneInternational(RECIPIENT);

let server: FaxlineProcess;
let dataDir: string;
let webDist: string;
let baseUrl: string;
let browser: Browser;
let person: BrowserContext;
const shotsDir = useScreenshotsFolder('faxline-installed-app-');

beforeAll(async () => {
  if (!existsSync(build.server) || !existsSync(path.join(build.webDist, 'sw.js'))) {
    throw new Error('The production build (with its service worker) is missing: run `node scripts/build-changed.mjs`.');
  }
  dataDir = await tempDataDir('faxline-e2e-app-');
  // A copy of the web build, so that the test can deploy a new version into it without touching the shared one.
  webDist = path.join(dataDir, 'web');
  await fs.cp(build.webDist, webDist, { recursive: true });
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  server = startFaxline({
    server: build.server,
    port,
    env: {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      DEMO_DATA: 'false',
      RATE_LIMIT_FACTOR: '100',
      FAX_CLOCK_SCALE: '0.1',
      SMTP_INGRESS_PORT: '0',
    },
  });
  await server.untilReady();
  browser = await launchBrowser();
  person = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORTS.desktop });
  watchUnanswered(person);
  // A reload that waits for a service worker to take over, on a machine whose cores the other lanes share.
  person.setDefaultNavigationTimeout(60_000);
  person.setDefaultTimeout(60_000);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** The file's person, signed up and confirmed in `person` (in a test: the mailbox is polled). */
async function signUp(): Promise<void> {
  const email = uniqueEmail('app');
  const signUp = await person.request.post('/api/auth/sign-up', {
    data: { name: 'Ada App', email, password: PASSWORD },
    headers: { origin: baseUrl },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const link = await emailedLink(person.request, email, /Confirm/);
  expect((await person.request.get(link.pathname + link.search)).ok()).toBe(true);
}

/** Waits until the page is served by an active service worker (the first one claims its pages at once). */
const underServiceWorker = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

/**
 * The context's service workers as Chromium sees them (DevTools protocol: each version's state and whether it runs),
 * for a failure's message: a step that waits on a worker says where each one stood.
 */
async function serviceWorkerVersions(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  const versions = new Map<string, unknown>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }) => {
    for (const version of updated) versions.set(version.versionId, { status: version.status, running: version.runningStatus });
  });
  await cdp.send('ServiceWorker.enable');
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await cdp.detach().catch(() => undefined);
  return JSON.stringify(Object.fromEntries(versions));
}

/** What went wrong on each page as it ran (errors it logged or threw, requests that failed), for a failure's message. */
const troubles = new WeakMap<Page, string[]>();
function heardOn(page: Page): void {
  const heard: string[] = [];
  troubles.set(page, heard);
  const note = (line: string) => heard.length < 20 && heard.push(line.slice(0, 300));
  page.on('console', (message) => message.type() === 'error' && note(`console: ${message.text()}`));
  page.on('pageerror', (error) => note(`thrown: ${error.message}`));
  page.on('requestfailed', (request) => note(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => response.status() >= 400 && note(`answered ${response.status()}: ${response.url()}`));
}

/**
 * The context's requests not yet answered (its pages' and its service workers'), with how long each has waited, for
 * a failure's message: Chromium swaps in a waiting version only once the old one has no request in hand, so a request
 * that never ends keeps "Reload" from ever taking effect (a page fetching without pause does it, seen by hand).
 */
const unanswered = new Map<Request, number>();
function watchUnanswered(context: BrowserContext): void {
  context.on('request', (request) => unanswered.set(request, Date.now()));
  context.on('response', (response) => unanswered.delete(response.request()));
  context.on('requestfailed', (request) => unanswered.delete(request));
}
const fromClosedPage = (request: Request) => !request.serviceWorker() && request.frame().page().isClosed();
const unansweredNow = () =>
  JSON.stringify(
    [...unanswered]
      .filter(([request]) => !fromClosedPage(request))
      .slice(0, 20)
      .map(([request, since]) => ({
        url: request.url(),
        from: request.serviceWorker() ? 'service worker' : 'page',
        waitedMs: Date.now() - since,
      })),
  );

/**
 * Waits for `locator` on a page the service worker serves, longer than a person's 15 s: the lanes share two cores,
 * and clean-clone runs have missed 15 s here, in this test and the update test, with nothing to go on. If it never
 * shows, says what the page showed instead, where the workers stood, and what the page heard go wrong (session 42's
 * clean clone caught the update test's page on the app's error page, with no word of why).
 */
async function visibleUnderWorker(page: Page, locator: Locator, what: string): Promise<void> {
  try {
    await visible(locator, 30_000);
  } catch (error) {
    const shown = await page
      .evaluate(() => ({
        controller: navigator.serviceWorker.controller?.state ?? null,
        text: (document.querySelector('main') ?? document.body).innerText.slice(0, 400),
      }))
      .catch((reason: unknown) => String(reason));
    const shot = path.join(shotsDir(), `never-shown-${Date.now()}.png`);
    await page.screenshot({ path: shot }).catch(() => undefined);
    throw new Error(
      `${what} not shown at ${page.url()}: ${String(error)}\npage: ${JSON.stringify(shown)}\nservice workers: ${await serviceWorkerVersions(page)}\nheard: ${JSON.stringify(troubles.get(page) ?? [])}\nunanswered: ${unansweredNow()}\nscreenshot: ${shot}`,
    );
  }
}

/** Chromium's own reasons the page's app could not be installed (DevTools protocol). */
async function installabilityErrors(page: Page): Promise<unknown[]> {
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
  await cdp.detach();
  return installabilityErrors;
}

/** The sent fax's number as the history shows it (a table on a desktop, cards on a phone). */
const sentFaxShown = (page: Page) => page.getByText(RECIPIENT_SHOWN, { exact: true }).locator('visible=true').first();

/**
 * The browser's install offer (`beforeinstallprompt`), made in the page as Chromium makes it. Chromium finds the app
 * installable (the test above reads its installability errors), but its headless shell never makes the offer, which
 * needs a browser window to show: this stands in for it, so the app's own rule for when to show the offer is what is
 * tested. Made at every load of `page`, as early as Chromium may make it: once the document is parsed, before the
 * app's parts loaded after the first render (the service worker's registration among them) have arrived. A clean
 * clone's run made it later, once a worker controlled the page, and still caught the app before it listened.
 */
async function browserOffersInstallOnEveryLoad(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => undefined,
        userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
      });
      window.dispatchEvent(offer);
    });
  });
}

/** A page of the person's in `language` at `viewport`. */
async function pageIn(language: (typeof LANGUAGES)[number], viewport: keyof typeof VIEWPORTS = 'desktop'): Promise<Page> {
  const page = await person.newPage();
  heardOn(page);
  await page.setViewportSize(VIEWPORTS[viewport]);
  await page.addInitScript((code) => localStorage.setItem('language', code), language);
  return page;
}

it("keeps the landing page's first download within its 150 kB gzip budget", () => {
  const measured = spawnSync(process.execPath, [path.join(repoRoot, 'bench/bundle-size.mjs'), webDist], { encoding: 'utf8' });
  expect(measured.status, measured.stdout + measured.stderr).toBe(0);
  expect(measured.stdout).toMatch(/service worker registration/);
});

describe('the manifest and the service worker', () => {
  it("serve the back office's name and colour, and Chromium finds the app installable on / and /user/dashboard", async () => {
    const platform = (await (await fetch(`${baseUrl}/api/platform`)).json()) as { siteName: string; primaryColor: string };
    const answer = await fetch(`${baseUrl}/manifest.webmanifest`, { headers: { 'accept-language': 'fr' } });
    expect(answer.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = ZWebAppManifest.parse(await answer.json());
    expect(manifest).toMatchObject({
      name: platform.siteName,
      theme_color: platform.primaryColor,
      start_url: '/user/dashboard',
      lang: 'fr',
    });
    for (const icon of manifest.icons) expect((await fetch(`${baseUrl}${icon.src}`)).headers.get('content-type')).toBe('image/png');

    await signUp();
    const page = await person.newPage();
    for (const address of ['/', '/user/dashboard']) {
      await page.goto(address);
      await underServiceWorker(page);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(`${baseUrl}/sw.js`);
      await expect.poll(() => installabilityErrors(page), { timeout: 30_000 }).toEqual([]);
    }
    await page.close();
  });
});

describe('share to fax', () => {
  it('opens the send page with the shared PDF attached, and keeps no copy once attached', async () => {
    const page = await person.newPage();
    await page.goto('/user/dashboard');
    await underServiceWorker(page);
    // What another app's "Share" does: a form POST to the manifest's share target, which the service worker answers.
    await page.evaluate(() => {
      const form = document.createElement('form');
      Object.assign(form, { method: 'post', enctype: 'multipart/form-data', action: '/share-target', id: 'share' });
      const input = Object.assign(document.createElement('input'), { type: 'file', name: 'documents', multiple: true });
      form.append(input);
      document.body.append(form);
    });
    await page.locator('#share input').setInputFiles({ name: 'lab-results.pdf', mimeType: 'application/pdf', buffer: await makePdf(1) });
    await page.evaluate(() => (document.getElementById('share') as HTMLFormElement).submit());
    await page.waitForURL(/\/user\/send-fax\?shared=1$/);
    await visible(page.getByText('lab-results.pdf', { exact: false }).first());
    await expect.poll(() => page.evaluate(() => caches.has('faxline-shared-files-v1'))).toBe(false);
    await page.close();
  });

  it('without the service worker, the server lands the share on the send page, which says the files did not arrive', async () => {
    // A share the moment before the worker starts, or after the browser evicted it: the server answers the POST.
    const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block', storageState: await person.storageState() });
    const page = await context.newPage();
    await page.goto('/user/dashboard');
    await page.evaluate(() => {
      const form = document.createElement('form');
      Object.assign(form, { method: 'post', enctype: 'multipart/form-data', action: '/share-target', id: 'share' });
      form.append(Object.assign(document.createElement('input'), { type: 'file', name: 'documents' }));
      document.body.append(form);
    });
    await page.locator('#share input').setInputFiles({ name: 'lab-results.pdf', mimeType: 'application/pdf', buffer: await makePdf(1) });
    await page.evaluate(() => (document.getElementById('share') as HTMLFormElement).submit());
    await page.waitForURL(/\/user\/send-fax\?shared=lost$/);
    await visible(page.getByRole('alert').filter({ hasText: enFaxes.send.sharedLost }));
    expect(await page.getByText('lab-results.pdf', { exact: false }).count()).toBe(0);
    await expectNoAccessibilityViolations(page);
    await context.close();
  });
});

describe('the pages that promise the app', () => {
  it('link to it: every plan card to /utilities-tools#mobile-app, whose scanner card and app section lead to the send page', async () => {
    const page = await pageIn('es', 'phone');
    await page.goto('/pricing');
    const onCards = page.getByRole('article').getByRole('link', { name: esMarketing.plans.mobileApp });
    await visible(onCards.first());
    const plans = await page.getByRole('article').count();
    expect(await onCards.count()).toBe(plans);
    await onCards.first().click();
    await page.waitForURL(/\/utilities-tools#mobile-app$/);
    await visible(page.getByRole('heading', { name: esHelp.utilities.app.heading }));
    expect(await page.getByRole('link', { name: esHelp.utilities.tools.scanner.sendLink }).getAttribute('href')).toBe('/user/send-fax');
    expect(await page.getByRole('link', { name: esHelp.utilities.app.start }).getAttribute('href')).toBe('/user/send-fax');
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(shotsDir(), 'utilities-mobile-app-es-phone.png'));
    await page.close();
  });
});

describe('the install offer', () => {
  it('waits for a first delivered fax, is offered then, and "Not now" is remembered', async () => {
    const page = await pageIn('en');
    await browserOffersInstallOnEveryLoad(page);
    // The browser offers installing, but the person has no delivered fax yet: the app asks, and makes no offer.
    const asked = page.waitForResponse((response) => response.url().includes('/api/faxes?direction=outbound&pageSize=5'));
    await page.goto('/user/dashboard');
    expect((await asked).ok()).toBe(true);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('status', { name: enApp.install.label }).count()).toBe(0);

    const sent = await person.request.post('/api/faxes', {
      headers: { origin: baseUrl, 'Idempotency-Key': randomUUID() },
      multipart: {
        'request.json': {
          name: 'request.json',
          mimeType: 'application/json',
          buffer: Buffer.from(JSON.stringify({ recipientNumber: RECIPIENT, faxQuality: 'standard' })),
        },
        attachment_0: { name: 'one-page.pdf', mimeType: 'application/pdf', buffer: await makePdf(1) },
      },
    });
    expect(sent.status(), await sent.text()).toBe(202);
    await expect
      .poll(
        async () =>
          ((await (await person.request.get('/api/faxes?direction=outbound')).json()) as { faxes: { status: string }[] }).faxes[0]?.status,
        {
          timeout: 60_000,
        },
      )
      .toBe('delivered');

    for (const [language, viewport] of EVERY_LOOK) {
      const shown = await pageIn(language, viewport);
      await browserOffersInstallOnEveryLoad(shown);
      await shown.goto('/user/fax-history');
      await visibleUnderWorker(shown, sentFaxShown(shown), `the sent fax (${language}, ${viewport})`);
      const offer = shown.getByRole('status', { name: TEXTS[language].install.label });
      await visibleUnderWorker(shown, offer, `the install offer (${language}, ${viewport})`);
      await visible(offer.getByRole('button', { name: TEXTS[language].install.install }));
      if (language === 'en' && viewport === 'desktop') await expectNoAccessibilityViolations(shown);
      await wholePageScreenshot(shown, path.join(shotsDir(), `install-offer-${language}-${viewport}.png`));
      await shown.close();
    }
    await page.reload();
    const offer = page.getByRole('status', { name: enApp.install.label });
    await offer.getByRole('button', { name: enApp.install.notNow }).click();
    await expect.poll(() => offer.count()).toBe(0);
    // Remembered: the browser offers again on the next visit, the app does not.
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await offer.count()).toBe(0);
    await page.close();
  });
});

describe('a new version deployed', () => {
  it('is offered with "Reload", which brings it in', async () => {
    const page = await pageIn('en');
    await page.goto('/user/fax-history');
    await underServiceWorker(page);
    // A new release: its service worker differs (its list of files does, in a real one).
    const worker = path.join(webDist, 'sw.js');
    await fs.appendFile(worker, `\n// release ${Date.now()}\n`);
    for (const copy of ['sw.js.br', 'sw.js.gz']) await fs.rm(path.join(webDist, copy), { force: true });

    for (const [language, viewport] of EVERY_LOOK) {
      const shown = await pageIn(language, viewport);
      await shown.goto('/user/fax-history');
      const banner = shown.getByRole('status', { name: TEXTS[language].update.label });
      await visibleUnderWorker(shown, sentFaxShown(shown), `the sent fax (${language}, ${viewport})`);
      await visibleUnderWorker(shown, banner, `the update prompt (${language}, ${viewport})`);
      await visible(banner.getByText(TEXTS[language].update.message));
      if (language === 'en' && viewport === 'phone') await expectNoAccessibilityViolations(shown);
      await wholePageScreenshot(shown, path.join(shotsDir(), `update-${language}-${viewport}.png`));
      await shown.close();
    }
    await page.reload();
    const banner = page.getByRole('status', { name: enApp.update.label });
    await visibleUnderWorker(page, banner, 'the update prompt after a reload');
    // The new version is installed and waiting in this page's registration before "Reload" is pressed.
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state === 'installed');
    try {
      await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: enApp.update.reload }).click()]);
    } catch (error) {
      // Seen in clean-clone runs on a loaded machine (sessions 39 and 44): say where the workers stood, and what the old
      // one may still have had in hand.
      throw new Error(`${String(error)}\nservice workers: ${await serviceWorkerVersions(page)}\nunanswered: ${unansweredNow()}`);
    }
    await expect.poll(() => banner.count()).toBe(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    await page.close();
  });
});

describe('with the server stopped', () => {
  it('shows the app shell and the last history page, saying it is the copy kept on this device', async () => {
    // The history as last viewed, in each language (each language's texts are kept as its pages load them).
    const pages = new Map<string, Page>();
    for (const [language, viewport] of EVERY_LOOK) {
      const page = await pageIn(language, viewport);
      await page.goto('/user/fax-history');
      await underServiceWorker(page);
      await visible(sentFaxShown(page));
      pages.set(`${language}-${viewport}`, page);
    }

    await server.stop();
    expect((await fetch(`${baseUrl}/readyz`).catch(() => null)) ?? null).toBeNull();

    for (const [language, viewport] of EVERY_LOOK) {
      const page = pages.get(`${language}-${viewport}`)!;
      await page.reload();
      await visible(page.getByText(TEXTS[language].offline.title, { exact: true }));
      await visible(sentFaxShown(page));
      if (language === 'fr' && viewport === 'desktop') await expectNoAccessibilityViolations(page);
      await wholePageScreenshot(page, path.join(shotsDir(), `offline-${language}-${viewport}.png`));
    }

    // What is kept: the history list and the session, nothing else of the API (no fax, document or page image).
    const page = pages.get('en-desktop')!;
    const kept = await page.evaluate(async () => {
      const cache = await caches.open('faxline-offline-v1');
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    });
    expect(new Set(kept)).toEqual(new Set(['/api/faxes', '/api/auth/session']));
    // Signing out (the request the account menu sends) drops it, even while the server is out of reach.
    await page.evaluate(() => fetch('/api/auth/sign-out', { method: 'POST' }).catch(() => undefined));
    await expect.poll(() => page.evaluate(() => caches.has('faxline-offline-v1'))).toBe(false);
  });
});
