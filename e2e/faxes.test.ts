import fs from 'node:fs/promises';
import { SANDBOX_TEST_NUMBERS } from '@faxline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePdf, makePng } from '@test-support/factories/documents';
import { adminContext, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { pdfPageCount, sendFaxThroughApi } from './support/faxes';
import { toast, useBrowser, visible } from './support/fixtures';

const { browser } = useBrowser();

/** The person's first fax number, as the send page's From number shows it. */
async function faxNumberOf(context: BrowserContext): Promise<string> {
  const response = await context.request.get('/api/numbers');
  expect(response.status(), await response.text()).toBe(200);
  const { numbers } = (await response.json()) as { numbers: Array<{ phoneNumber: string }> };
  expect(numbers.length).toBeGreaterThan(0);
  return numbers[0]!.phoneNumber;
}

/** Chooses files through the drop zone, as a person would with the file picker. */
async function attach(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Drag and drop files here/ }).click();
  await (await chooser).setFiles(files);
}

/** Drops a file on the drop zone, as dragging it from the desktop does. */
async function drop(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, mimeType, bytes }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type: mimeType }));
      return transfer;
    },
    { name: file.name, mimeType: file.mimeType, bytes: [...file.buffer] },
  );
  await page.getByRole('button', { name: /Drag and drop files here/ }).dispatchEvent('drop', { dataTransfer });
}

describe('sending and receiving a fax', () => {
  it('sends a PDF and a PNG with a cover page to another account, which receives, opens and downloads it', async () => {
    const senderContext = await newContext(browser);
    const receiverContext = await newContext(browser);
    await signedInPerson(senderContext, 'Ada Sender');
    await signedInPerson(receiverContext, 'Grace Receiver');
    const receiverNumber = await faxNumberOf(receiverContext);

    const page = await senderContext.newPage();
    await page.goto('/user/send-fax');
    await visible(page.getByRole('heading', { name: 'Send a Fax', level: 1 }));
    await visible(page.getByText('Sandbox line in use'));
    await expectNoAccessibilityViolations(page);

    // The browser checks first, with the spec's texts.
    await page.getByRole('button', { name: 'Send Fax' }).click();
    await visible(toast(page, 'Invalid Recipient Number'));
    await page.getByLabel('Recipient Fax Number').fill(receiverNumber);
    await page.getByRole('button', { name: 'Send Fax' }).click();
    await visible(toast(page, 'Nothing to Send'));
    await attach(page, [{ name: 'notes.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') }]);
    await visible(page.getByText('File "notes.exe" has an unsupported type. Allowed: PDF, JPG, PNG, DOC, DOCX, TXT.'));

    // The PNG first, then the PDF moved above it: files go in the order shown.
    await drop(page, { name: 'grey.png', mimeType: 'image/png', buffer: makePng() });
    await attach(page, [{ name: 'two-pages.pdf', mimeType: 'application/pdf', buffer: await makePdf(2) }]);
    await page.getByRole('button', { name: 'Move two-pages.pdf up' }).click();
    const files = page.getByRole('list', { name: 'Files to send, in order' }).getByRole('listitem');
    await expect.poll(() => files.allInnerTexts()).toEqual([expect.stringContaining('two-pages.pdf'), expect.stringContaining('grey.png')]);
    expect(await page.getByRole('button', { name: 'Move two-pages.pdf down' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel(/Cover Page Message/).fill('Please sign page 2 and fax it back.');

    await page.getByRole('button', { name: 'Preview' }).click();
    await visible(page.getByRole('img', { name: 'Page 1 of 4' }), 60_000);
    await visible(page.getByRole('img', { name: 'Page 4 of 4' }));

    const sendButton = page.getByRole('button', { name: /^(Send Fax|Sending\.\.\.)$/ });
    await sendButton.click();
    await visible(toast(page, 'Fax Sent Successfully!'), 30_000);
    expect(await page.getByLabel('Recipient Fax Number').inputValue()).toBe('');
    expect(await page.getByLabel(/Cover Page Message/).inputValue()).toBe('');
    expect(await files.count()).toBe(0);

    // Sent: Processing while in flight, then Delivered, without a reload. The internal line has no line time, so on a
    // quick run the fax may be delivered before the history first shows it: the row is then Delivered at once.
    await page.getByRole('link', { name: 'Follow it in Fax History' }).click();
    const sentTable = page.getByRole('table', { name: /^Sent faxes/ });
    await visible(sentTable.getByText(/^(Processing|Delivered)$/));
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await expectNoAccessibilityViolations(page);
    await visible(sentTable.getByText('Delivered', { exact: true }), 60_000);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await visible(page.getByRole('tab', { name: 'Sent Faxes (1)' }));

    // Sorting (spec 001 §4): a new column ascending, the same column again descending.
    const pagesHeader = sentTable.getByRole('columnheader', { name: 'Pages' });
    expect(await sentTable.getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('descending');
    await pagesHeader.getByRole('button').click();
    await expect.poll(() => pagesHeader.getAttribute('aria-sort')).toBe('ascending');
    await pagesHeader.getByRole('button').click();
    await expect.poll(() => pagesHeader.getAttribute('aria-sort')).toBe('descending');
    await visible(sentTable.getByText('Delivered', { exact: true }));

    // Received: unread, read once opened, and the PDF is the cover page and both files.
    const inbox = await receiverContext.newPage();
    await inbox.goto('/user/fax-history');
    await inbox.getByRole('tab', { name: 'Received Faxes (1)' }).click();
    const receivedTable = inbox.getByRole('table', { name: /^Received faxes/ });
    await visible(receivedTable.getByText('Unread'));
    await expectNoAccessibilityViolations(inbox);
    await receivedTable.getByRole('button', { name: /^Actions for the fax of/ }).click();
    await inbox.getByRole('menuitem', { name: 'View Details' }).click();
    const dialog = inbox.getByRole('dialog', { name: 'Fax Details' });
    await visible(dialog.getByText('Pages', { exact: true }));
    await visible(dialog.getByRole('img', { name: 'First page of the fax' }));
    await expectNoAccessibilityViolations(inbox);
    const download = inbox.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download PDF' }).click();
    const file = await (await download).path();
    const pdf = await fs.readFile(file);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfPageCount(pdf)).toBe(4);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await visible(receivedTable.getByText('Read', { exact: true }));

    // A search that matches nothing says so.
    await inbox.getByLabel('Search faxes').fill('no such fax');
    await visible(inbox.getByText('No received faxes found.'));
    await visible(inbox.getByText('Try adjusting your search term.'));
    await visible(inbox.getByRole('tab', { name: 'Received Faxes (0)' }));

    await senderContext.close();
    await receiverContext.close();
  });

  it('sends to the sandbox busy number and shows it on the sandbox line, still Processing between tries', async () => {
    const context = await newContext(browser);
    await signedInPerson(context, 'Busy Caller');
    const page = await context.newPage();
    await page.goto('/user/send-fax');
    await page.getByLabel('Recipient Fax Number').fill(SANDBOX_TEST_NUMBERS.busy);
    await page.getByLabel(/Cover Page Message/).fill('Only a cover page.');
    await page.getByRole('button', { name: 'Send Fax' }).click();
    await visible(toast(page, 'Fax Sent Successfully!'), 30_000);
    await visible(page.getByText('It goes over the sandbox line: simulated, it does not reach a real fax machine.').first());

    await page.getByRole('link', { name: 'Follow it in Fax History' }).click();
    const table = page.getByRole('table', { name: /^Sent faxes/ });
    await visible(table.getByText('Processing'));
    // The sandbox line is named once the first try starts; the busy line ends that try, and the next waits 3 minutes
    // (18 s on the tests' fast fax clock, global-setup.ts).
    await visible(table.getByText('Sandbox line', { exact: true }), 60_000);
    await table.getByRole('button', { name: /^Actions for the fax of/ }).click();
    await page.getByRole('menuitem', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fax Details' });
    await visible(dialog.getByText('Sandbox line (simulated)'));
    await visible(dialog.getByText('Busy: the line was engaged'), 30_000);
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Between tries the fax is still on its way: Processing, not Failed.
    expect(await table.getByRole('row').nth(1).innerText()).toMatch(/Processing/);
    await context.close();
  });

  it('schedules a fax for tomorrow, and cancels it from the history', async () => {
    const context = await newContext(browser);
    await signedInPerson(context, 'Early Planner');
    const page = await context.newPage();
    await page.goto('/user/send-fax');
    await page.getByLabel('Recipient Fax Number').fill('+15550100099');
    await attach(page, [{ name: 'one-page.pdf', mimeType: 'application/pdf', buffer: await makePdf(1) }]);
    // Tomorrow at 10:00 in the browser's time zone, chosen in Send Later's day and time.
    const tomorrow = await page.evaluate(() => {
      const date = new Date(Date.now() + 86_400_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    });
    await page.getByLabel('Day', { exact: true }).selectOption(tomorrow);
    await page.getByLabel('Time', { exact: true }).selectOption('10:00');
    await page.getByRole('button', { name: 'Send Fax' }).click();
    await visible(toast(page, 'Fax Sent Successfully!'), 30_000);
    await visible(page.getByText(/is scheduled for/).first());

    await page.goto('/user/fax-history');
    const table = page.getByRole('table', { name: /^Sent faxes/ });
    await visible(table.getByText('Processing'));
    await visible(table.getByText(/^Scheduled for/));
    await table.getByRole('button', { name: /^Actions for the fax of/ }).click();
    await page.getByRole('menuitem', { name: 'Cancel Fax' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this fax?' });
    await visible(confirm);
    await confirm.getByRole('button', { name: 'Cancel Fax' }).click();
    await visible(toast(page, 'Fax Canceled'));
    await visible(table.getByText('Canceled', { exact: true }));
    await context.close();
  });
});

/** Opens the menu of the history's row `index` (0: the newest) and chooses `item`. */
async function chooseFromRow(page: Page, index: number, item: string) {
  const table = page.getByRole('table', { name: /^Sent faxes/ });
  await table
    .getByRole('button', { name: /^Actions for the fax of/ })
    .nth(index)
    .click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

describe('acting on a fax (issue 15)', () => {
  it('says when a busy fax tries again, and cancels it while it waits', async () => {
    const context = await newContext(browser);
    await signedInPerson(context, 'Patient Caller');
    await sendFaxThroughApi(context, { recipientNumber: SANDBOX_TEST_NUMBERS.busy, recipientName: 'Dr. Paré' });
    const page = await context.newPage();
    await page.goto('/user/fax-history');
    const table = page.getByRole('table', { name: /^Sent faxes/ });
    await visible(table.getByText('Processing'));

    await chooseFromRow(page, 0, 'View Details');
    const dialog = page.getByRole('dialog', { name: 'Fax Details' });
    // The first try finds the line busy; the next waits 3 minutes (18 s on the tests' fast fax clock).
    await visible(dialog.getByText(/^Line busy: next try at .+, try 2 of 4$/), 60_000);
    await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: 'Cancel Fax' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this fax?' });
    await confirm.getByRole('button', { name: 'Cancel Fax' }).click();
    await visible(toast(page, 'Fax Canceled'));
    await visible(dialog.getByText('Canceled', { exact: true }));
    await expect.poll(() => dialog.getByText(/next try at/).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await visible(table.getByText('Canceled', { exact: true }));
    await context.close();
  }, 120_000);

  it('resends a partially delivered fax in one click; the new fax and the first link to each other', async () => {
    const context = await newContext(browser);
    await signedInPerson(context, 'Second Chance');
    await sendFaxThroughApi(context, { recipientNumber: SANDBOX_TEST_NUMBERS.partial_delivery }, 2);
    const page = await context.newPage();
    await page.goto('/user/fax-history');
    const table = page.getByRole('table', { name: /^Sent faxes/ });
    await visible(table.getByText('Partially Delivered'), 60_000);

    await chooseFromRow(page, 0, 'Resend');
    await visible(toast(page, 'Fax Sent Again'));
    await expect.poll(() => table.getByRole('button', { name: /^Actions for the fax of/ }).count()).toBe(2);

    // The newest row is the new fax: its details lead to the first, whose details lead back.
    await chooseFromRow(page, 0, 'View Details');
    const dialog = page.getByRole('dialog', { name: 'Fax Details' });
    await dialog.getByRole('button', { name: 'View the original fax' }).click();
    await visible(dialog.getByText('1 of 2 confirmed by the receiver'));
    await visible(dialog.getByText('Sent Again As'));
    await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: /^The fax of / }).click();
    await visible(dialog.getByRole('button', { name: 'View the original fax' }));
    await context.close();
  }, 120_000);

  it('shows each call as it happened: speed, error correction, the resumed pages and how T.30 ended (issue 16)', async () => {
    const context = await newContext(browser);
    await signedInPerson(context, 'Line Watcher');
    // This test number drops the call on page 2 the first time: the retry carries pages 2 and 3 only.
    await sendFaxThroughApi(context, { recipientNumber: SANDBOX_TEST_NUMBERS.drops_first_try, faxQuality: 'fine' }, 3);
    const page = await context.newPage();
    await page.goto('/user/fax-history');
    const table = page.getByRole('table', { name: /^Sent faxes/ });
    await visible(table.getByText('Delivered', { exact: true }), 90_000);

    await chooseFromRow(page, 0, 'View Details');
    const dialog = page.getByRole('dialog', { name: 'Fax Details' });
    const attempts = dialog.getByRole('region', { name: 'Attempts' });
    const [first, second] = [attempts.getByRole('rowgroup').nth(1), attempts.getByRole('rowgroup').nth(2)];
    await visible(first.getByText('The call dropped (T.30 code 49)'));
    await visible(first.getByText('14,400 bit/s'));
    await visible(first.getByText(SANDBOX_TEST_NUMBERS.drops_first_try));
    await visible(second.getByText('From page 2: the pages before were confirmed on an earlier try'));
    await visible(second.getByText('Completed: every page confirmed (T.30 code 0)'));
    await visible(second.getByText('On, 0 parts sent again'));
    await visible(second.getByText('Fine, T.6'));
    await expectNoAccessibilityViolations(page);
    await context.close();
  }, 150_000);

  it('deletes a fax after asking; it leaves the history, and the audit log keeps the deletion', async () => {
    const context = await newContext(browser);
    const person = await signedInPerson(context, 'Tidy Sender');
    await sendFaxThroughApi(context, { recipientNumber: '+442079460958' });
    const page = await context.newPage();
    await page.goto('/user/fax-history');
    const table = page.getByRole('table', { name: /^Sent faxes/ });
    await visible(table.getByText('Delivered', { exact: true }), 60_000);

    await chooseFromRow(page, 0, 'Delete');
    const confirm = page.getByRole('alertdialog', { name: 'Delete this fax?' });
    await visible(confirm.getByText(/The audit log keeps a record that it existed/));
    await confirm.getByRole('button', { name: 'Delete Fax' }).click();
    await visible(toast(page, 'Fax Deleted'));
    await visible(page.getByText('No sent faxes found.'));
    await context.close();

    const admin = await adminContext(browser);
    const audit = await admin.newPage();
    await audit.goto(`/admin/audit-log?action=fax.delete&actor=${encodeURIComponent(person.email)}`);
    const rows = audit.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2); // the header and the deletion
    expect(await rows.nth(1).textContent()).toContain('Success');
    await admin.close();
  }, 120_000);
});
