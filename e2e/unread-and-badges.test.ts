import { randomUUID } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD } from '@test-support/factories/values';
import { adminContext, signedInPerson } from './support/accounts';
import { newContext } from './support/browser';
import { sendFaxThroughApi } from './support/faxes';
import { sameOrigin, useBrowser, visible } from './support/fixtures';

const { browser } = useBrowser();

/** Whether an element's text stays on one line: one box, no taller than one line of its own text. */
const onOneLine = (locator: Locator) =>
  locator.evaluate((element) => {
    const lineHeight = parseFloat(getComputedStyle(element).lineHeight) || parseFloat(getComputedStyle(element).fontSize) * 1.5;
    return element.getClientRects().length === 1 && element.getBoundingClientRect().height < lineHeight * 1.5;
  });

describe('an unread received fax (issue 15, item 5)', () => {
  it('shows the unread mark, not the pending clock, and opening it clears the bell badge', async () => {
    const receiver = await newContext(browser);
    const sender = await newContext(browser);
    await signedInPerson(receiver, 'Rita Receiver');
    await signedInPerson(sender, 'Sam Sender');
    const { numbers } = (await (await receiver.request.get('/api/numbers')).json()) as { numbers: Array<{ phoneNumber: string }> };
    await sendFaxThroughApi(sender, { recipientNumber: numbers[0]!.phoneNumber });
    await expect
      .poll(
        async () =>
          ((await (await receiver.request.get('/api/notifications')).json()) as { notifications: unknown[] }).notifications.length,
        {
          timeout: 60_000,
          interval: 500,
        },
      )
      .toBe(1);

    const page = await receiver.newPage();
    await page.goto('/user/fax-history');
    await page.getByRole('tab', { name: 'Received Faxes (1)' }).click();
    const table = page.getByRole('table', { name: /^Received faxes/ });
    const status = table.locator('[data-status-icon]').filter({ hasText: 'Unread' });
    await visible(status);
    expect(await status.getAttribute('data-status-icon')).toBe('envelope');
    // Not the amber of a fax still being sent.
    const iconColour = await status.locator('svg').evaluate((svg) => getComputedStyle(svg).color);
    const processingColour = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.className = 'text-amber-500';
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    });
    expect(iconColour).not.toBe(processingColour);

    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await visible(bell);

    // Opened: the badge goes at once, before the bell's next poll would notice.
    await table.getByRole('button', { name: /^Actions for the fax of/ }).click();
    await page.getByRole('menuitem', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fax Details' });
    await visible(dialog.getByText('Pages', { exact: true }));
    // The open dialog hides the page behind it from the accessibility tree, so the bell is found by its label here.
    const bellLabel = () => page.locator('header button[aria-label^="Notifications"]').getAttribute('aria-label');
    await expect.poll(bellLabel, { timeout: 10_000 }).toBe('Notifications');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await visible(table.getByText('Read', { exact: true }));
    expect(await table.locator('[data-status-icon="envelope"]').count()).toBe(0);
    expect(await bell.count()).toBe(0);
    await visible(page.getByRole('button', { name: 'Notifications', exact: true }));

    await sender.close();
    await receiver.close();
  });
});

describe('back-office tables (issue 15, item 5)', () => {
  it('at 375 px keep a long e-mail address and a status badge on one line, inside the table’s own scroll', async () => {
    // A person who signed up and has not confirmed: a long address and the two-word status "Pending Confirmation".
    const email = `a.rather.long.mailbox-name.${randomUUID().slice(0, 8)}@faxline-e2e.example.com`;
    const visitor = await newContext(browser);
    const signUp = await visitor.request.post('/api/auth/sign-up', {
      data: { name: 'Long Address', email, password: PASSWORD },
      headers: sameOrigin(),
    });
    expect(signUp.status(), await signUp.text()).toBe(200);
    await visitor.close();

    const admin = await adminContext(browser);
    const page = await admin.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    await visible(row);
    const address = row.getByText(email, { exact: true });
    expect(await onOneLine(address)).toBe(true);
    expect(await onOneLine(row.getByText('Pending Confirmation', { exact: true }))).toBe(true);
    // The table scrolls sideways in its own region; the page does not.
    const region = page.getByRole('region').filter({ has: page.getByRole('table') });
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: '/tmp/x/admin-users-375.png' });
    await admin.close();
  });

  it('share one header style: no section writes its headers in capitals', async () => {
    const admin = await adminContext(browser);
    const page = await admin.newPage();
    const styles = new Map<string, string>();
    const headerStyles = () =>
      page.locator('table thead th').evaluateAll((cells) =>
        cells.map((cell) => {
          const style = getComputedStyle(cell);
          return `${style.textTransform} ${style.fontSize} ${style.fontWeight} ${style.letterSpacing} ${style.color}`;
        }),
      );
    for (const path of ['/admin/users', '/admin/audit-log', '/admin/numbers', '/admin/support-tickets', '/admin/content']) {
      await page.goto(path);
      await visible(page.getByRole('heading', { level: 1 }));
      // Every list shows its table or its empty text; the people and the audit log always have rows.
      const table = page.locator('table thead th').first();
      if (path === '/admin/users' || path === '/admin/audit-log') await visible(table);
      else
        await expect
          .poll(async () => (await table.isVisible()) || (await page.getByRole('status').or(page.getByText(/^No /)).count()) > 0)
          .toBe(true);
      for (const style of await headerStyles()) styles.set(style, path);
    }
    expect(styles.size, JSON.stringify([...styles])).toBe(1);
    expect([...styles.keys()][0]).toMatch(/^none /);
    await admin.close();
  });
});
