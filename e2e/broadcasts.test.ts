import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_NUMBERS, ZSystemSettingsResponse, type TBroadcastDetails } from '@faxline/shared';
import { makePdf } from '@test-support/factories/documents';
import { adminContext, onPlan, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations, newContext } from './support/browser';
import { sameOrigin, toast, useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

/**
 * A broadcast from the portal (decision 111): 200 recipients from a CSV file (two Faxline numbers, the sandbox's busy
 * and not-a-fax-machine numbers, and 196 other numbers on the sandbox line), each recipient's outcome shown live,
 * the failed retried (and only they), the rest canceled as a whole, the report downloaded.
 */

const { browser } = useBrowser();
const shots = useScreenshotsFolder('faxline-broadcasts-e2e-');
let admin: BrowserContext;
let owner: BrowserContext;
let receiver: BrowserContext;
let dailyLimit: number;

async function settings() {
  return ZSystemSettingsResponse.parse(await (await admin.request.get('/api/admin/settings')).json());
}

/** New accounts may send 25 faxes a day (decision 025): this file's accounts are new, so the limit is off meanwhile. */
async function saveDailyLimit(limit: number) {
  const { values } = await settings();
  const response = await admin.request.put('/api/admin/settings', {
    data: { values: { ...values, newAccountDailyFaxLimit: limit }, secrets: {} },
    headers: sameOrigin(),
  });
  expect(response.status(), await response.text()).toBe(200);
}

beforeAll(async () => {
  admin = await adminContext(browser);
  dailyLimit = (await settings()).values.newAccountDailyFaxLimit;
  await saveDailyLimit(0);
}, 60_000);

afterAll(async () => {
  await saveDailyLimit(dailyLimit);
  await Promise.all([admin?.close(), owner?.close(), receiver?.close()]);
});

const numberOf = async (context: BrowserContext) =>
  ((await (await context.request.get('/api/numbers')).json()) as { numbers: { phoneNumber: string }[] }).numbers[0]!.phoneNumber;

const broadcastOf = async (page: Page): Promise<TBroadcastDetails> => {
  const id = new URL(page.url()).pathname.split('/').pop()!;
  return (await (await owner.request.get(`/api/broadcasts/${id}`)).json()) as TBroadcastDetails;
};

describe('a broadcast to 200 recipients from a CSV file', () => {
  it('shows each recipient’s outcome live, retries only the failed, cancels the rest as a whole and reports them', async () => {
    owner = await newContext(browser);
    receiver = await newContext(browser);
    await signedInPerson(owner, 'Bea Broadcaster');
    await signedInPerson(receiver, 'Rita Receiver');
    // 200 pages in one go: a plan with room for them (the starting plan's pages would refuse the whole set).
    await onPlan(owner, 'business');
    const internal = [await numberOf(receiver), await numberOf(owner)];
    const outside = Array.from({ length: 196 }, (_, i) => `+1202555${String(2000 + i)}`);
    const numbers = [...internal, SANDBOX_TEST_NUMBERS.busy, SANDBOX_TEST_NUMBERS.not_a_fax_machine, ...outside];
    const csv = ['name,fax_number', ...numbers.map((n, i) => `Clinic ${i + 1},${n}`)].join('\r\n');

    const page = await owner.newPage();
    // Until a broadcast, a list typed in the send form is refused, never sent to its first number.
    await page.goto('/user/send-fax');
    await page.getByLabel('Recipient Fax Number').fill('+15550100000, +15550100005');
    await page.getByRole('button', { name: 'Send Fax' }).click();
    await visible(
      page.getByText('That is 2 numbers: a fax goes to one number. To send this document to each of them, use Broadcasts.', {
        exact: true,
      }),
    );
    await page.getByRole('link', { name: 'Sending one document to many recipients? Start a broadcast.' }).click();

    await visible(page.getByRole('heading', { name: 'New broadcast', level: 1 }));
    await page.getByLabel('A CSV file of numbers').setInputFiles({ name: 'clinics.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await visible(page.getByText('200 numbers read from clinics.csv.'));
    await visible(page.getByText('200 numbers, plus the contacts of the tags.'));
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /Drag and drop files here/ }).click();
    await (await chooser).setFiles([{ name: 'price-list.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await makePdf(1)) }]);
    await page.getByLabel(/Cover page subject/).fill('New price list');
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(shots(), 'broadcast-form-desktop.png'));

    const clicked = Date.now();
    await page.getByRole('button', { name: 'Send to 200 numbers' }).click();
    await visible(page.getByRole('heading', { name: 'Broadcast', exact: true, level: 1 }), 30_000);
    const queuedMs = Date.now() - clicked;
    await visible(page.getByText('Subject: New price list'));
    // Every recipient ended but the busy one, which waits for its next try.
    const summary = page.getByRole('status').filter({ hasText: 'delivered' });
    await expect
      .poll(() => summary.innerText(), { timeout: 90_000, interval: 250 })
      .toContain('198 delivered, 1 failed, 1 on their way, 0 canceled, of 200.');
    const endedMs = Date.now() - clicked;
    const row = (number: string) => page.locator(`tr[data-number="${number}"]`);
    await visible(row(SANDBOX_TEST_NUMBERS.busy).getByText(/^Busy: the line was engaged: next try at /));
    await visible(row(SANDBOX_TEST_NUMBERS.not_a_fax_machine).getByText('Answered, but not by a fax machine'));
    await visible(row(internal[0]!).getByText('Delivered'));
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, path.join(shots(), 'broadcast-view-desktop.png'));

    // Retry the failed: the one that failed is sent again, and no one else.
    await page.getByRole('button', { name: 'Retry the failed (1)' }).click();
    await visible(toast(page, 'Sent again'));
    await expect
      .poll(async () => (await broadcastOf(page)).recipients.filter((r) => r.sends === 2).map((r) => r.number))
      .toEqual([SANDBOX_TEST_NUMBERS.not_a_fax_machine]);
    await expect.poll(() => summary.innerText(), { timeout: 20_000 }).toContain('198 delivered, 1 failed, 1 on their way');

    // Cancel as a whole: the busy number's fax, waiting for its next try, is stopped.
    await page.getByRole('button', { name: 'Cancel the broadcast' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel the broadcast' }).click();
    await visible(toast(page, 'Broadcast canceled'));
    await expect.poll(() => summary.innerText()).toContain('198 delivered, 1 failed, 0 on their way, 1 canceled, of 200.');
    await visible(page.getByText("Every recipient's fax has ended."));

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download the report (CSV)' }).click();
    const report = await fs.readFile((await (await download).path())!, 'utf8');
    const lines = report.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Number,Name,Status,Reason,Pages,Sends,Last change (UTC),Fax id');
    expect(lines).toHaveLength(201);
    expect(lines.filter((line) => line.includes(',Delivered,'))).toHaveLength(198);

    // The view on a phone, and in Spanish.
    await page.setViewportSize({ width: 390, height: 844 });
    await wholePageScreenshot(page, path.join(shots(), 'broadcast-view-phone.png'));
    const spanish = await newContext(browser, { locale: 'es-ES' });
    await spanish.addCookies(await owner.cookies());
    const es = await spanish.newPage();
    await es.goto(new URL(page.url()).pathname);
    await visible(es.getByRole('heading', { name: 'Envío múltiple', level: 1 }));
    await visible(es.getByText('198 entregados, 1 fallidos, 0 en camino, 1 cancelados, de 200.'));
    await wholePageScreenshot(es, path.join(shots(), 'broadcast-view-es.png'));
    await spanish.close();

    process.stdout.write(`broadcast of 200: "Send" to the view ${queuedMs} ms, to all ended but the busy one ${endedMs} ms\n`);
  }, 240_000);
});
