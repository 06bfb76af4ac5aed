import { randomBytes } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePdf, makePng } from '@test-support/factories/documents';
import esTexts from '../apps/web/src/locales/es/support-tickets.json';
import frTexts from '../apps/web/src/locales/fr/support-tickets.json';
import { adminContext, signedInPerson } from './support/accounts';
import { collectConsoleErrors, expectNoAccessibilityViolations, newContext } from './support/browser';
import { overflowOf, phonePageOf, textShown, useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

/**
 * Support from the customer's side (decision 114): a question sent from /contact with the address of Carla's account
 * is on her /user/support; she replies with a file, closes and reopens it; the back office sees her reply; the team's
 * answer reaches her by e-mail, and her answer to that e-mail, through the server's SMTP gateway, lands in the thread
 * on both sides without a reload. The page speaks en, es and fr and fits a phone.
 */

const { browser, context } = useBrowser();
const shotsDir = useScreenshotsFolder('faxline-customer-support-');
const screenshot = (page: Page, name: string) => wholePageScreenshot(page, path.join(shotsDir(), `${name}.png`));

let carla: BrowserContext;
let carlaEmail: string;
let admin: BrowserContext;
let page: Page;
let adminPage: Page;
let ticketId: string;
const subject = `Cover page logo ${randomBytes(3).toString('hex')}`;
const thread = (on: Page) => on.getByRole('list', { name: 'Conversation' });

beforeAll(async () => {
  admin = await adminContext(browser);
});
afterAll(async () => {
  await carla?.close();
  await admin?.close();
});

describe('/user/support', () => {
  it('lists the ticket Carla sent from /contact with her address, signed out', async () => {
    carla = await context();
    ({ email: carlaEmail } = await signedInPerson(carla, 'Carla Cliente'));
    const visitor = await newContext(browser);
    const contact = await visitor.newPage();
    await contact.goto('/contact');
    await contact.getByLabel('Name', { exact: true }).fill('Carla C.');
    await contact.getByLabel('Email', { exact: true }).fill(carlaEmail);
    await contact.getByLabel('Subject', { exact: true }).fill(subject);
    await contact.getByLabel('Department', { exact: true }).selectOption('support');
    await contact.getByLabel('Message', { exact: true }).fill('Can my logo go on the cover page?');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await textShown(contact, 'Message Sent!');
    await visitor.close();

    page = await carla.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto('/user/dashboard');
    await page.getByRole('navigation', { name: 'User area' }).first().getByRole('link', { name: 'Support' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/support');
    await visible(page.getByRole('heading', { level: 1, name: 'Support' }));
    const list = page.getByRole('list', { name: 'Your support tickets' });
    await visible(list.getByRole('link', { name: subject }));
    await visible(list.getByText('Open', { exact: true }));
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'support-list-desktop-en');

    await list.getByRole('link', { name: subject }).click();
    await visible(page.getByRole('heading', { level: 2, name: subject }));
    ticketId = new URL(page.url()).searchParams.get('ticket')!;
    expect(ticketId).toMatch(/^[0-9a-f-]{36}$/);
    await visible(thread(page).getByText('Can my logo go on the cover page?', { exact: true }));
    await expectNoAccessibilityViolations(page);
    expect(errors).toEqual([]);
  });

  it('takes a reply with a file, refuses a file that is not what its name says, and closes and reopens', async () => {
    // An empty reply is refused where it is typed.
    await page.getByRole('button', { name: 'Send Reply' }).click();
    await visible(page.getByText('Please write a reply or add a file.', { exact: true }));

    await page.getByLabel('Your reply', { exact: true }).fill('Here is the logo I mean, as a PDF.');
    await page
      .getByLabel('Add files', { exact: true })
      .setInputFiles({ name: 'logo.pdf', mimeType: 'application/pdf', buffer: await makePdf(1) });
    await visible(page.getByRole('list', { name: 'Files to send' }).getByRole('button', { name: 'Remove logo.pdf' }));
    await page.getByRole('button', { name: 'Send Reply' }).click();
    await textShown(page, 'Reply Sent');
    await visible(thread(page).getByText('Here is the logo I mean, as a PDF.', { exact: true }));
    await visible(thread(page).getByRole('link', { name: /^Download logo\.pdf/ }));
    expect(await page.getByLabel('Your reply', { exact: true }).inputValue()).toBe('');

    // The server judges a file by its bytes, as for a fax: a PNG named .pdf is refused with the portal's message.
    await page
      .getByLabel('Add files', { exact: true })
      .setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: makePng(40, 40) });
    await page.getByRole('button', { name: 'Send Reply' }).click();
    await textShown(page, 'The reply was not sent');
    await visible(page.getByText(/scan\.pdf/).first());
    await page.getByRole('button', { name: 'Remove scan.pdf' }).click();

    await page.getByRole('button', { name: 'Close Ticket' }).click();
    await textShown(page, 'Ticket Closed');
    await visible(page.getByText('This ticket is closed. A reply reopens it.', { exact: true }));
    await page.getByRole('button', { name: 'Reopen Ticket' }).click();
    await textShown(page, 'Ticket Reopened');
    await visible(page.getByRole('button', { name: 'Close Ticket' }));
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'support-ticket-desktop-en');
  });

  it("shows the back office Carla's reply and file; the team's answer reaches her page and her e-mail", async () => {
    adminPage = await admin.newPage();
    await adminPage.goto(`/admin/support-tickets?ticket=${ticketId}`);
    await visible(adminPage.getByRole('heading', { level: 2, name: subject }));
    await visible(thread(adminPage).getByText('Here is the logo I mean, as a PDF.', { exact: true }));
    await visible(thread(adminPage).getByRole('link', { name: /^Download logo\.pdf/ }));
    const download = await admin.request.get(`/api/admin/tickets/${ticketId}/attachments/${await attachmentIdOf(adminPage)}`);
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await adminPage.getByLabel('Reply', { exact: true }).fill('Yes: upload it under Settings and it shows on every cover page.');
    await adminPage.getByRole('button', { name: 'Send Reply' }).click();
    await textShown(adminPage, 'Reply Sent');
    await page.reload();
    await visible(thread(page).getByText('Yes: upload it under Settings and it shows on every cover page.', { exact: true }));
    await visible(thread(page).getByText('Faxline Support', { exact: true }));
  });

  it('lands her answer to that e-mail, sent through the SMTP gateway, in the thread on both sides', async () => {
    const mail = await replyEmailTo(carlaEmail, subject);
    expect(mail.replyTo).toMatch(/^ticket-[0-9a-f]{32}-[0-9a-f]{20}@fax\.localhost$/);
    expect(mail.text).toContain(`/user/support?ticket=${ticketId}`);

    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: inject('smtpPort'), secure: false, ignoreTLS: true });
    const sent = await transport.sendMail({
      from: `Carla Cliente <${carlaEmail}>`,
      to: mail.replyTo!,
      subject: mail.subject,
      text: 'Done, it looks great. Thank you!\n\nOn Sat, Dec 5, 2026, Faxline wrote:\n> Yes: upload it under Settings.\n',
    });
    expect(sent.response).toMatch(/^250 2\.0\.0 Added to support ticket #[0-9A-F]{8}$/);

    // The back office's open ticket shows it without a reload: the view reads the ticket again every 5 s.
    await visible(thread(adminPage).getByText('Done, it looks great. Thank you!', { exact: true }));
    await visible(
      thread(adminPage)
        .getByText(/by e-mail/)
        .first(),
    );
    await page.reload();
    await visible(thread(page).getByText('Done, it looks great. Thank you!', { exact: true }));
    await visible(thread(page).getByText('by e-mail', { exact: true }));
    // The quoted e-mail stays out of the thread.
    expect(await thread(page).getByText('> Yes: upload it under Settings.').count()).toBe(0);
    await screenshot(adminPage, 'support-admin-ticket-desktop-en');
  });

  it('speaks Spanish on a phone and French on a desktop, within the screen', async () => {
    const phone = await phonePageOf(browser, carla, 'es');
    await phone.goto(`/user/support?ticket=${ticketId}`);
    await visible(phone.getByRole('heading', { level: 1, name: esTexts.title }));
    await visible(phone.getByRole('button', { name: esTexts.view.close }));
    await visible(phone.getByText(esTexts.view.byEmail, { exact: true }));
    expect((await overflowOf(phone)).offenders).toEqual([]);
    await expectNoAccessibilityViolations(phone);
    await screenshot(phone, 'support-ticket-phone-es');
    await phone.goto('/user/support');
    await visible(phone.getByRole('list', { name: esTexts.listLabel }).getByRole('link', { name: subject }));
    expect((await overflowOf(phone)).offenders).toEqual([]);
    await screenshot(phone, 'support-list-phone-es');
    await phone.context().close();

    const french = await newContext(browser, { locale: 'fr-FR' });
    await french.addCookies(await carla.cookies());
    const fr = await french.newPage();
    await fr.addInitScript(() => localStorage.setItem('language', 'fr'));
    await fr.goto('/user/support');
    await visible(fr.getByRole('heading', { level: 1, name: frTexts.title }));
    await visible(fr.getByRole('list', { name: frTexts.listLabel }).getByRole('link', { name: subject }));
    await expectNoAccessibilityViolations(fr);
    await screenshot(fr, 'support-list-desktop-fr');
    await french.close();
  });
});

/** The id of the first file in the admin's thread, from its download link. */
async function attachmentIdOf(on: Page): Promise<string> {
  const href = await thread(on)
    .getByRole('link', { name: /^Download logo\.pdf/ })
    .getAttribute('href');
  return href!.split('/').pop()!;
}

/** The team's reply e-mailed to `to` about `about`, from the local mailbox, with its Reply-To. */
async function replyEmailTo(to: string, about: string) {
  type TMail = { subject: string; text: string; replyTo: string | null };
  let found: TMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await admin.request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        const { messages } = (await response.json()) as { messages: TMail[] };
        found = messages.find((message) => message.subject.startsWith(`Re: ${about}`));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
