import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same Blink as the browser, without the
 * browser's own windows and services, and the browser Playwright itself runs headless tests in. Measured on our own
 * pages: half the CPU of the full browser in headless mode (decision 078). The flags keep it from reaching for the
 * network this machine does not have. `extraArgs`: a file's own flags (the scanner's fake camera).
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium-headless-shell',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

export type Viewport = 'desktop' | 'phone';
const VIEWPORTS: Record<Viewport, { width: number; height: number }> = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 375, height: 812 },
};

export type ContextOptions = { viewport?: Viewport; locale?: string };

/** A context on the test server, at a viewport (desktop unless told) and in a locale (en-US unless told). */
export async function newContext(browser: Pick<Browser, 'newContext'>, options: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: VIEWPORTS[options.viewport ?? 'desktop'],
    locale: options.locale ?? 'en-US',
  });
}

/** Collects what would show in the browser console as an error (CSP refusals, failed scripts, React errors). */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Runs axe-core with the WCAG 2.1 A and AA rules and fails with a readable list of violations. */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  // Colours as a person sees them once things stop moving: a toast fading in has, for a moment, too little contrast.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      {
        timeout: 5_000,
      },
    )
    .catch(() => undefined);
  // Legacy mode: axe runs in the page (and in its frames, injected into each) and reports from there. The default
  // opens a blank page of its own to assemble the frames' results, a new renderer process per check: the same rules
  // and the same verdicts, measured at about 0.7 s more per check on this machine (decision 078).
  const results = await new AxeBuilder({ page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const violations = results.violations.map(
    (v) => `${v.impact ?? 'unknown'}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(violations).toEqual([]);
}
