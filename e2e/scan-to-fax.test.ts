import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePagePhoto, photoPng, photoY4m } from '@test-support/scan-photos';
import { signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { toast, useBrowser, useScreenshotsFolder, visible } from './support/fixtures';

// Chromium's fake camera films the generated photo (a page of known text at an angle on a dark desk), and says yes
// to the camera without asking.
const cameraVideo = path.join(os.tmpdir(), `faxline-scan-camera-${process.pid}.y4m`);
let photoFile: Buffer;
beforeAll(async () => {
  const { photo } = await generatePagePhoto();
  photoFile = photoPng(photo);
  await fs.writeFile(cameraVideo, photoY4m(photo));
});
afterAll(() => fs.rm(cameraVideo, { force: true }));

const { browser } = useBrowser({
  args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${cameraVideo}`],
});
const screenshots = useScreenshotsFolder('faxline-scan-');

/** The page's width fits the screen: nothing scrolls sideways. */
const fitsTheWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A context where the camera is refused, as when a person says no (or there is none): the scanner takes photos instead. */
async function withoutCamera(context: BrowserContext) {
  await context.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
}

describe('scan to fax', () => {
  let signedIn: BrowserContext;

  it('captures pages with the camera, retakes, reorders and deletes them, attaches one PDF and sends it to Delivered', async () => {
    signedIn = await newContext(browser);
    await signedInPerson(signedIn, 'Sam Scanner');
    const page = await signedIn.newPage();
    // Each photo is processed in a Web Worker of its own (scan-worker.ts), so the dialog stays responsive meanwhile.
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto('/user/send-fax');
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    const scanner = page.getByRole('dialog', { name: 'Scan pages' });
    const capture = scanner.getByRole('button', { name: 'Capture page' });
    await visible(capture);
    const status = scanner.getByRole('status');

    await capture.click();
    await expect.poll(() => status.textContent()).toBe('Page 1 added.');
    await capture.click();
    await expect.poll(() => status.textContent()).toBe('Page 2 added.');
    // The preview is the fax image itself: 1728 dots across.
    const first = scanner.getByRole('img', { name: 'Page 1 as the fax will print it' });
    expect(await first.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([1728, 2291]);

    await scanner.getByRole('button', { name: 'Retake page 1' }).click();
    await scanner.getByRole('button', { name: 'Capture page 1 again' }).click();
    await expect.poll(() => status.textContent()).toBe('Page 1 replaced.');
    await scanner.getByRole('button', { name: 'Move page 2 up' }).click();
    await expect.poll(() => status.textContent()).toBe('Page moved to position 1 of 2.');
    // The focus follows the page: at the top, its other move button has it; after a deletion, the page left.
    const focused = (name: string) => scanner.getByRole('button', { name }).evaluate((button) => button === document.activeElement);
    await expect.poll(() => focused('Move page 1 down')).toBe(true);
    // Edges, Retake and Delete of page 1, then page 2's Move up (its Move down is disabled), Edges, Retake, Delete.
    for (let press = 0; press < 7; press += 1) await page.keyboard.press('Tab');
    await expect.poll(() => focused('Delete page 2')).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => scanner.getByRole('listitem').count()).toBe(1);
    await expect.poll(() => focused('Delete page 1')).toBe(true);
    expect(workers.filter((url) => /\/assets\/scan-worker-[\w-]+\.js$/.test(url))).toHaveLength(1);
    await expectNoAccessibilityViolations(page);
    await page.screenshot({ path: path.join(screenshots(), 'scanner-en.png') });

    // The page's edges placed by hand: a corner moved with the keys, another dragged; the page is made again in them.
    const before = await scanner.getByRole('img', { name: 'Page 1 as the fax will print it' }).getAttribute('src');
    await scanner.getByRole('button', { name: 'Adjust the edges of page 1' }).click();
    await visible(scanner.getByRole('heading', { name: 'Edges of page 1' }));
    const corner = (name: string) => scanner.getByRole('button', { name });
    const placed = (name: string) => corner(name).evaluate((button: HTMLElement) => [button.style.left, button.style.top]);
    await expect.poll(() => focused('Top left corner')).toBe(true);
    const topLeft = await placed('Top left corner');
    for (const key of ['Shift+ArrowRight', 'Shift+ArrowRight', 'Shift+ArrowDown']) await page.keyboard.press(key);
    const moved = await placed('Top left corner');
    expect(parseFloat(moved[0]!)).toBeGreaterThan(parseFloat(topLeft[0]!));
    expect(parseFloat(moved[1]!)).toBeGreaterThan(parseFloat(topLeft[1]!));
    const bottomRight = await placed('Bottom right corner');
    const handle = (await corner('Bottom right corner').boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 - 30, handle.y + handle.height / 2 - 20, { steps: 5 });
    await page.mouse.up();
    expect(parseFloat((await placed('Bottom right corner'))[0]!)).toBeLessThan(parseFloat(bottomRight[0]!));
    await expectNoAccessibilityViolations(page);
    await page.screenshot({ path: path.join(screenshots(), 'scanner-edges-en.png') });
    await scanner.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => status.textContent()).toBe('Page 1 made again within the new edges.');
    await expect.poll(() => focused('Adjust the edges of page 1')).toBe(true);
    const after = scanner.getByRole('img', { name: 'Page 1 as the fax will print it' });
    expect(await after.getAttribute('src')).not.toBe(before);
    expect(await after.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([1728, 2291]);
    expect(workers.filter((url) => /\/assets\/scan-worker-[\w-]+\.js$/.test(url))).toHaveLength(1);

    await scanner.getByRole('button', { name: 'Attach 1 page' }).click();
    const files = page.getByRole('list', { name: 'Files to send, in order' }).getByRole('listitem');
    await expect.poll(() => files.allInnerTexts()).toEqual([expect.stringMatching(/scan-\d{4}-\d{2}-\d{2}-\d{4}\.pdf/)]);
    await page.getByLabel('Recipient Fax Number').fill('+12025550143');
    await page.getByRole('button', { name: 'Send Fax' }).click();
    await visible(toast(page, 'Fax Sent Successfully!'), 30_000);
    await page.getByRole('link', { name: 'Follow it in Fax History' }).click();
    await visible(page.getByRole('table', { name: /^Sent faxes/ }).getByText('Delivered', { exact: true }), 90_000);
  });

  it('takes photos instead where the camera is refused, on a phone, in Spanish and French', async () => {
    for (const [locale, texts] of [
      [
        'es-ES',
        {
          open: 'Escanear con la cámara',
          title: 'Escanear páginas',
          choose: 'Tomar o elegir fotos',
          page: 'Página 1 tal como la imprimirá el fax',
          edges: 'Ajustar los bordes de la página 1',
          edgesTitle: 'Bordes de la página 1',
        },
      ],
      [
        'fr-FR',
        {
          open: 'Numériser avec l’appareil photo',
          title: 'Numériser des pages',
          choose: 'Prendre ou choisir des photos',
          page: 'Page 1 telle que le fax l’imprimera',
          edges: 'Ajuster les bords de la page 1',
          edgesTitle: 'Bords de la page 1',
        },
      ],
    ] as const) {
      const context = await newContext(browser, { viewport: 'phone', locale });
      await context.addCookies(await signedIn.cookies());
      await withoutCamera(context);
      const page = await context.newPage();
      await page.goto('/user/send-fax');
      await page.getByRole('button', { name: texts.open }).click();
      const scanner = page.getByRole('dialog', { name: texts.title });
      const chooser = page.waitForEvent('filechooser');
      await scanner.getByRole('button', { name: texts.choose }).click();
      await (await chooser).setFiles({ name: 'page.png', mimeType: 'image/png', buffer: photoFile });
      await visible(scanner.getByRole('img', { name: texts.page }), 30_000);
      expect(await fitsTheWidth(page)).toBe(true);
      await expectNoAccessibilityViolations(page);
      await page.screenshot({ path: path.join(screenshots(), `scanner-${locale}-phone.png`) });
      // The edges placed by hand fit a phone too.
      await scanner.getByRole('button', { name: texts.edges }).click();
      await visible(scanner.getByRole('heading', { name: texts.edgesTitle }));
      expect(await fitsTheWidth(page)).toBe(true);
      await expectNoAccessibilityViolations(page);
      await page.screenshot({ path: path.join(screenshots(), `scanner-edges-${locale}-phone.png`) });
      await context.close();
    }
    await signedIn.close();
  });
});
