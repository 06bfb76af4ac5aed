import path from 'node:path';
import type { Page } from 'playwright-core';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, inject, it } from 'vitest';
import { FAX_TEXT_CORPUS, typedPdf } from '@test-support/fax-text-corpus';
import { signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { sendFaxThroughApi } from './support/faxes';
import { overflowOf, phonePageOf, toast, useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

const { browser } = useBrowser();
const screenshots = useScreenshotsFolder('faxline-fax-text-');

/** The words a search marked in the history's snippets, as shown (the table or, on a phone, the cards). */
const marked = (page: Page) => page.locator('main mark:visible').allInnerTexts();

describe('searching inside faxes (issue 37, decisions 099 and 100)', () => {
  it('reads the faxes of an account that turned it on, and its history finds one by a word of its text, with the words around it', async () => {
    const senderContext = await newContext(browser);
    const receiverContext = await newContext(browser);
    await signedInPerson(senderContext, 'Cabinet des Tilleuls');
    await signedInPerson(receiverContext, 'Clinique Saint-Roch');
    const numbers = (await (await receiverContext.request.get('/api/numbers')).json()) as { numbers: Array<{ phoneNumber: string }> };

    // The owner turns reading on in the settings.
    const settings = await receiverContext.newPage();
    await settings.goto('/user/settings');
    const section = settings.getByRole('region', { name: 'Search Inside Faxes' });
    await section.getByRole('switch', { name: 'Read the words of faxes' }).click();
    await section.getByRole('button', { name: 'Save Search Settings' }).click();
    await visible(toast(settings, 'Search Settings Saved'));

    const referral = FAX_TEXT_CORPUS.find((document) => document.id === 'referral-fr')!;
    await sendFaxThroughApi(senderContext, { recipientNumber: numbers.numbers[0]!.phoneNumber, faxQuality: 'fine' }, 1, {
      name: 'adressage.pdf',
      bytes: await typedPdf(referral),
    });

    // Read a second or two after it arrives: its text can then be downloaded (404 until then).
    const inbound = async () =>
      ((await (await receiverContext.request.get('/api/faxes?direction=inbound')).json()) as { faxes: Array<{ id: string }> }).faxes;
    await expect.poll(async () => (await inbound()).length, { timeout: 60_000 }).toBe(1);
    const faxId = (await inbound())[0]!.id;
    await expect.poll(async () => (await receiverContext.request.get(`/api/faxes/${faxId}/text`)).status(), { timeout: 60_000 }).toBe(200);
    const history = await receiverContext.newPage();
    await history.goto('/user/fax-history?tab=received');
    const received = history.getByRole('table', { name: /^Received faxes/ });
    await visible(received.getByText('Unread'));

    // A word of the text, in another form than on the page ("naissances": the page says "naissance"), finds the fax;
    // the words around it are shown, the matched one marked.
    await history.getByLabel('Search faxes').fill('naissances');
    await expect.poll(() => marked(history)).toEqual(['naissance']);
    await visible(history.getByRole('tab', { name: 'Received Faxes (1)' }));
    await visible(received.getByText(/In the text, page 1: .*Date de naissance : 15\/06\/1984/));
    await expectNoAccessibilityViolations(history);
    await wholePageScreenshot(history, path.join(screenshots(), 'history-search-inside-desktop-en.png'));

    // A word not on the fax finds nothing.
    await history.getByLabel('Search faxes').fill('radiographie');
    await visible(history.getByText('No received faxes found.'));

    // On a phone, in Spanish, the card shows it too, within the screen.
    const phone = await phonePageOf(browser, receiverContext, 'es');
    await phone.goto('/user/fax-history');
    await phone.getByRole('tab', { name: /^Faxes recibidos/ }).click();
    await phone.getByLabel('Buscar faxes').fill('lésion');
    await visible(phone.getByRole('list', { name: /^Faxes recibidos/ }).getByText(/En el texto, página 1:/));
    expect(await marked(phone)).toEqual(['lésion']);
    expect((await overflowOf(phone)).offenders).toEqual([]);
    await expectNoAccessibilityViolations(phone);
    await wholePageScreenshot(phone, path.join(screenshots(), 'history-search-inside-phone-es.png'));

    await phone.context().close();
    await senderContext.close();
    await receiverContext.close();
  });

  it('flags a received page that came through blank and asks the sender for it again in one click; says what the fax is (decisions 101, 102)', async () => {
    const senderContext = await newContext(browser);
    const receiverContext = await newContext(browser);
    await signedInPerson(senderContext, 'Northgate Labs');
    await signedInPerson(receiverContext, 'Riverside Front Desk');
    const numberOf = async (context: typeof senderContext) =>
      ((await (await context.request.get('/api/numbers')).json()) as { numbers: Array<{ phoneNumber: string }> }).numbers[0]!.phoneNumber;
    const turnedOn = await receiverContext.request.put('/api/account/fax-text', {
      headers: { origin: inject('baseUrl') },
      data: { readsFaxText: true },
    });
    expect(turnedOn.status()).toBe(200);

    const twoPages = await PDFDocument.create();
    const lab = await PDFDocument.load(await typedPdf(FAX_TEXT_CORPUS.find((document) => document.id === 'lab-en')!));
    twoPages.addPage((await twoPages.copyPages(lab, [0]))[0]!);
    twoPages.addPage([595.28, 841.89]);
    await sendFaxThroughApi(senderContext, { recipientNumber: await numberOf(receiverContext), faxQuality: 'fine' }, 2, {
      name: 'results.pdf',
      bytes: await twoPages.save(),
    });
    const inbound = async () =>
      ((await (await receiverContext.request.get('/api/faxes?direction=inbound')).json()) as { faxes: Array<{ id: string }> }).faxes;
    await expect.poll(async () => (await inbound()).length, { timeout: 60_000 }).toBe(1);
    const faxId = (await inbound())[0]!.id;
    await expect.poll(async () => (await receiverContext.request.get(`/api/faxes/${faxId}/text`)).status(), { timeout: 60_000 }).toBe(200);

    const page = await receiverContext.newPage();
    await page.goto(`/user/fax-history?tab=received&fax=${faxId}`);
    const dialog = page.getByRole('dialog', { name: 'Fax Details' });
    const problems = dialog.getByRole('region', { name: 'A page may need sending again' });
    await visible(problems.getByText('Page 2 looks blank.'));
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(screenshots(), 'details-page-problems-desktop-en.png'));
    // What the fax is, with the facts found on it; a member's correction is kept (decision 102).
    const whatItIs = dialog.getByRole('region', { name: 'What This Fax Is' });
    await visible(whatItIs.locator('p', { hasText: /^Lab result \(\d+% sure, by Faxline\)$/ }));
    await visible(whatItIs.getByText('Robert Chang'));
    await whatItIs.getByLabel('Class').selectOption({ label: 'Other' });
    await whatItIs.getByRole('button', { name: 'Save Class' }).click();
    await visible(toast(page, 'Class Saved'));
    await visible(whatItIs.getByText('(set by a member)'));

    // On a phone, in French, the same details fit the screen.
    const phone = await phonePageOf(browser, receiverContext, 'fr');
    await phone.goto(`/user/fax-history?tab=received&fax=${faxId}`);
    const phoneDialog = phone.getByRole('dialog', { name: 'Détails du fax' });
    await visible(phoneDialog.getByRole('region', { name: 'Ce qu’est ce fax' }).getByText('Robert Chang'));
    await visible(phoneDialog.getByText('La page 2 semble blanche.'));
    expect((await overflowOf(phone, { within: '[role="dialog"]' })).offenders).toEqual([]);
    await expectNoAccessibilityViolations(phone);
    await phone.screenshot({ path: path.join(screenshots(), 'details-page-problems-phone-fr.png'), fullPage: true });
    await phone.context().close();

    await problems.getByRole('button', { name: 'Ask the Sender for Page 2 Again' }).click();
    await visible(toast(page, 'Request Sent'));
    // The request is a sent fax, shown in the dialog at once; it reaches the sender.
    await visible(dialog.getByText('Please send page 2 again'));
    const senderInbound = async () =>
      ((await (await senderContext.request.get('/api/faxes?direction=inbound')).json()) as { faxes: unknown[] }).faxes.length;
    await expect.poll(senderInbound, { timeout: 60_000 }).toBe(1);

    await senderContext.close();
    await receiverContext.close();
  });

  it('puts an unsure class in the review queue, where a correction teaches the next fax like it (decision 102)', async () => {
    const senderContext = await newContext(browser);
    const receiverContext = await newContext(browser);
    await signedInPerson(senderContext, 'Harbor Staffing');
    await signedInPerson(receiverContext, 'Payroll Desk');
    const receiverNumber = (
      (await (await receiverContext.request.get('/api/numbers')).json()) as { numbers: Array<{ phoneNumber: string }> }
    ).numbers[0]!.phoneNumber;
    expect(
      (
        await receiverContext.request.put('/api/account/fax-text', { headers: { origin: inject('baseUrl') }, data: { readsFaxText: true } })
      ).status(),
    ).toBe(200);
    const timesheet = (nurse: string) =>
      typedPdf({
        id: 'timesheet',
        language: 'en',
        class: 'invoice',
        lines: ['Harbor Staffing Partners', 'WEEKLY TIMESHEET', `Nurse: ${nurse}`, 'Monday 8 hours, Tuesday 8 hours, Wednesday 6 hours'],
      });
    const inbound = async () =>
      ((await (await receiverContext.request.get('/api/faxes?direction=inbound')).json()) as { faxes: Array<{ id: string }> }).faxes;
    const receivedAndRead = async (count: number) => {
      await expect.poll(async () => (await inbound()).length, { timeout: 60_000 }).toBe(count);
      const id = (await inbound())[0]!.id;
      await expect.poll(async () => (await receiverContext.request.get(`/api/faxes/${id}/text`)).status(), { timeout: 60_000 }).toBe(200);
      return id;
    };
    await sendFaxThroughApi(senderContext, { recipientNumber: receiverNumber, faxQuality: 'fine' }, 1, {
      name: 'timesheet.pdf',
      bytes: await timesheet('Dana Whitfield'),
    });
    await receivedAndRead(1);

    // The history says a fax waits for review and leads to the queue.
    const page = await receiverContext.newPage();
    await page.goto('/user/fax-history?tab=received');
    await page.getByRole('link', { name: 'Review Queue (1 fax)' }).click();
    await visible(page.getByRole('heading', { name: 'Review Queue', level: 1 }));
    const item = page.getByRole('list', { name: 'Faxes to review' }).getByRole('listitem');
    await visible(item.getByRole('img', { name: 'First page of the fax from Harbor Staffing' }));
    await visible(item.locator('p', { hasText: /^Other \(\d+% sure, by Faxline\)$/ }));
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(screenshots(), 'review-queue-desktop-en.png'));
    // On a phone, in Spanish, within the screen; the header names it as the history.
    const phone = await phonePageOf(browser, receiverContext, 'es');
    await phone.goto('/user/fax-review');
    await visible(phone.getByRole('heading', { name: 'Cola de revisión', level: 1 }));
    await visible(phone.getByRole('banner').getByText('Historial de faxes'));
    expect((await overflowOf(phone)).offenders).toEqual([]);
    await wholePageScreenshot(phone, path.join(screenshots(), 'review-queue-phone-es.png'));
    await phone.context().close();
    await item.getByLabel('Class').selectOption({ label: 'Invoice' });
    await item.getByRole('button', { name: 'Save Class' }).click();
    await visible(toast(page, 'Class Saved'));
    await visible(page.getByText('No fax waits for review.'));

    // The next timesheet is an invoice, sure enough to wait for no one.
    await sendFaxThroughApi(senderContext, { recipientNumber: receiverNumber, faxQuality: 'fine' }, 1, {
      name: 'timesheet.pdf',
      bytes: await timesheet('Omar Castillo'),
    });
    const next = await receivedAndRead(2);
    const details = (await (await receiverContext.request.get(`/api/faxes/${next}`)).json()) as { documentClass: string };
    expect(details.documentClass).toBe('invoice');
    await page.reload();
    await visible(page.getByText('No fax waits for review.'));

    await senderContext.close();
    await receiverContext.close();
  });
});
