import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, expectNoAccessibilityViolations, newContext } from './support/browser';
import { useBrowser } from './support/fixtures';

const { browser } = useBrowser();

describe('the app shell', () => {
  it('serves the home page from the production build without console errors (CSP included)', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Send and receive faxes online' }).isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(errors).toEqual([]);
    await expectNoAccessibilityViolations(page);
    await context.close();
  });

  it('shows the 404 page for an unknown path, and Go Back Home leads to /', async () => {
    const context = await newContext(browser, { viewport: 'phone' });
    const page = await context.newPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200); // the SPA answers; the router renders the 404
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Page Not Found' }).isVisible()).toBe(true);
    await expectNoAccessibilityViolations(page);
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('switches language, keeps it across a reload, and follows it in <html lang>', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByLabel('Language').selectOption('es');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Envíe y reciba faxes en línea');
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('es');

    await page.getByLabel('Idioma').selectOption('fr');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    await page.goto('/missing');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page introuvable');
    await expectNoAccessibilityViolations(page);
    await context.close();
  });

  it('falls back to English for an unsupported stored language', async () => {
    const context = await newContext(browser);
    await context.addInitScript(() => localStorage.setItem('language', 'de'));
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Send and receive faxes online');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });

  it('answers an unknown /api path with JSON, not the web app', async () => {
    const context = await newContext(browser);
    const response = await context.request.get('/api/unknown', { headers: { 'accept-language': 'es' } });
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({
      error: { type: 'not_found', code: 'errors.routeNotFound', message: 'No existe el punto de acceso de la API GET /api/unknown.' },
    });
    await context.close();
  });
});
