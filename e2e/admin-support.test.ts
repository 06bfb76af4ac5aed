import { randomBytes } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '@test-support/factories/values';
import { adminContext } from './support/accounts';
import { collectConsoleErrors, expectNoAccessibilityViolations, newContext } from './support/browser';
import { textShown, useBrowser, visible } from './support/fixtures';

const { browser } = useBrowser();
let admin: BrowserContext;
beforeAll(async () => {
  admin = await adminContext(browser);
});
afterAll(async () => {
  await admin.close();
});

const hidden = (locator: Locator) => expect.poll(() => locator.count()).toBe(0);
const tag = () => randomBytes(3).toString('hex');

/** Waits for an e-mail to the address whose subject matches, in the local mailbox. */
async function emailTo(context: BrowserContext, to: string, subject: RegExp) {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const response = await context.request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
      const { messages } = (await response.json()) as { messages: Array<{ subject: string; text: string }> };
      found = messages.find((m) => subject.test(m.subject));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** Picks options in several labelled selects within one task, so that the page cannot render in between. */
async function changeTogether(page: Page, choices: Record<string, string>) {
  const changes = await Promise.all(
    Object.entries(choices).map(async ([label, value]) => ({
      id: await page.getByLabel(label, { exact: true }).getAttribute('id'),
      value,
    })),
  );
  await page.evaluate((selects) => {
    for (const { id, value } of selects) {
      const select = document.getElementById(id ?? '') as HTMLSelectElement;
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }, changes);
}

describe('/admin/support-tickets', () => {
  it('shows a message sent from /contact; the admin replies (e-mailed to the person) and closes it', async () => {
    const subject = `Cover page question ${tag()}`;
    const email = uniqueEmail('visitor');
    const visitor = await newContext(browser);
    const contact = await visitor.newPage();
    await contact.goto('/contact');
    await contact.getByLabel('Name', { exact: true }).fill('Vera Visitor');
    await contact.getByLabel('Email', { exact: true }).fill(email);
    await contact.getByLabel('Subject', { exact: true }).fill(subject);
    await contact.getByLabel('Department', { exact: true }).selectOption('support');
    await contact.getByLabel('Message', { exact: true }).fill('Can I add my logo to the cover page?');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await textShown(contact, 'Message Sent!');

    const page = await admin.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto('/admin/support-tickets');
    await visible(page.getByRole('heading', { level: 1, name: 'Support Tickets' }));
    const table = page.getByRole('region', { name: 'Support tickets' });
    await visible(table.getByRole('link', { name: subject }));
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: subject }) });
    for (const text of ['Vera Visitor', email, 'Open', 'Medium', 'Unassigned']) await visible(row.getByText(text, { exact: true }));
    await expectNoAccessibilityViolations(page);

    // Two filters changed before the page renders again (a quick user, a busy machine) both count.
    await changeTogether(page, { Status: 'closed', Priority: 'high' });
    await expect.poll(() => new URL(page.url()).search).toBe('?status=closed&priority=high');
    // Filters that nothing matches give the spec's empty text.
    await page.getByLabel('Assigned to', { exact: true }).selectOption('unassigned');
    await visible(page.getByText('No support tickets match your current filters.', { exact: true }));
    expect(new URL(page.url()).searchParams.get('status')).toBe('closed');
    await page.getByRole('button', { name: 'Clear filters' }).click();

    await table.getByRole('link', { name: subject }).click();
    await visible(page.getByRole('heading', { level: 2, name: subject }));
    await visible(page.getByText('Can I add my logo to the cover page?', { exact: true }));
    await expectNoAccessibilityViolations(page);

    // An empty reply is refused where it is typed.
    await page.getByRole('button', { name: 'Send Reply' }).click();
    await visible(page.getByText('Please write a reply.', { exact: true }));

    await page.getByLabel('Reply', { exact: true }).fill('Yes: upload it under Settings, and it appears on every cover page.');
    await page.getByRole('button', { name: 'Send Reply' }).click();
    await textShown(page, 'Reply Sent');
    await visible(
      page.getByRole('list', { name: 'Conversation' }).getByText('Yes: upload it under Settings, and it appears on every cover page.'),
    );
    expect(await page.getByLabel('Reply', { exact: true }).inputValue()).toBe('');
    // Answering an Open ticket puts it In Progress.
    await expect.poll(() => page.getByLabel('Status', { exact: true }).inputValue()).toBe('in_progress');

    const mail = await emailTo(admin, email, new RegExp(subject));
    expect(mail.subject).toMatch(new RegExp(`^Re: ${subject} \\[#[0-9A-F]{8}\\]$`));
    expect(mail.text).toContain('Yes: upload it under Settings, and it appears on every cover page.');

    await page.getByLabel('Status', { exact: true }).selectOption('closed');
    await textShown(page, 'Ticket Updated');
    await textShown(page, 'Status set to Closed.');

    await page.getByRole('link', { name: 'Back to all tickets' }).click();
    await page.getByLabel('Status', { exact: true }).selectOption('closed');
    const closedRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: subject }) });
    await visible(closedRow.getByText('Closed', { exact: true }));
    expect(errors).toEqual([]);
    await visitor.close();
    await page.close();
  });
});

describe('/admin/content', () => {
  it('creates an FAQ as a Draft, publishes it and it shows on /support; deleted, it is gone again', async () => {
    const question = `Can I fax from a tablet ${tag()}?`;
    const page = await admin.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto('/admin/content');
    await visible(page.getByRole('heading', { level: 1, name: 'Content' }));
    await visible(page.getByRole('tab', { name: 'Pages', selected: true }));
    await page.getByRole('tab', { name: 'FAQs' }).click();
    // The starting FAQs (those the support page always had) are there, published.
    const list = page.getByRole('region', { name: 'FAQs' });
    await visible(list.getByRole('link', { name: 'What do I need to send a fax?' }).first());
    await expectNoAccessibilityViolations(page);

    await page.getByRole('link', { name: 'New FAQ' }).click();
    await visible(page.getByRole('heading', { level: 2, name: 'New FAQ' }));
    await page.getByRole('button', { name: 'Create Draft' }).click();
    await visible(page.getByText('Please enter the question.', { exact: true }));
    await visible(page.getByText('Please write the answer.', { exact: true }));

    await page.getByLabel('Question', { exact: true }).fill(question);
    await page.getByLabel('Category', { exact: true }).fill('Sending faxes');
    await page.getByLabel('Answer (Markdown)', { exact: true }).fill('**Yes.** The portal works on any tablet. See [our plans](/pricing).');
    await visible(page.getByRole('region', { name: 'Preview' }).locator('strong', { hasText: 'Yes.' }));
    await expectNoAccessibilityViolations(page);

    await page.getByRole('button', { name: 'Create Draft' }).click();
    await textShown(page, 'Draft Created');
    await visible(page.getByRole('heading', { level: 2, name: 'Edit FAQ' }));
    await visible(page.getByText('Draft', { exact: true }));

    const visitor = await newContext(browser);
    const support = await visitor.newPage();
    await support.goto('/support');
    await visible(support.getByText('What do I need to send a fax?', { exact: true }));
    expect(await support.getByText(question, { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Publish' }).click();
    await textShown(page, 'Published');
    await visible(page.getByText('Published', { exact: true }).first());

    await support.reload();
    const faq = support.getByText(question, { exact: true });
    await visible(faq);
    await faq.click();
    await visible(support.locator('#faqs strong', { hasText: 'Yes.' }));
    await support.getByRole('link', { name: 'our plans' }).click();
    await expect.poll(() => new URL(support.url()).pathname).toBe('/pricing');

    // Clean up: delete it from the list, and /support no longer shows it.
    await page.getByRole('link', { name: 'Back to the list' }).click();
    await page.getByRole('button', { name: `Delete “${question}”` }).click();
    await page.getByRole('button', { name: 'Yes, Delete' }).click();
    await textShown(page, 'Deleted');
    await hidden(page.getByRole('link', { name: question }));
    await support.goto('/support');
    await visible(support.getByText('What do I need to send a fax?', { exact: true }));
    expect(await support.getByText(question, { exact: true }).count()).toBe(0);

    expect(errors).toEqual([]);
    await visitor.close();
    await page.close();
  });
});
