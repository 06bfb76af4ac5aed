import { SANDBOX_TEST_NUMBERS } from '@faxline/shared';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { makePdf } from '@test-support/factories/documents';
import { InMemoryOAuthClient, MCP_CLIENT_NAME as AGENT, MCP_CLIENT_REDIRECT as REDIRECT } from '@test-support/mcp-oauth-client';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import enAgents from '../apps/web/src/locales/en/agents.json';
import esAgents from '../apps/web/src/locales/es/agents.json';
import frAgents from '../apps/web/src/locales/fr/agents.json';
import enNotifications from '../apps/web/src/locales/en/notifications.json';
import esUser from '../apps/web/src/locales/es/user.json';
import frUser from '../apps/web/src/locales/fr/user.json';
import { onPlan, signedInPerson } from './support/accounts';
import { expectNoAccessibilityViolations } from './support/browser';
import { overflowOf, phonePageOf, useBrowser, useScreenshotsFolder, visible, wholePageScreenshot } from './support/fixtures';

/**
 * An AI agent meets Faxline (issue 41): the official MCP SDK's client asks for OAuth access, the person allows it on
 * the portal's consent page (English, then Spanish and French on a phone), the agent sends a fax and reads its status;
 * with approval required, its faxes wait in the portal's queue, one approved and one denied.
 */

const { browser, context } = useBrowser();
const screenshots = useScreenshotsFolder('faxline-mcp-');
const TEXTS = { en: enAgents, es: esAgents, fr: frAgents } as const;
const USER_TEXTS = { es: esUser, fr: frUser } as const;

const resultOf = (result: Awaited<ReturnType<Client['callTool']>>) => JSON.parse((result.content as Array<{ text: string }>)[0]!.text);
const pdfFile = async () => ({ name: 'referral.pdf', content: Buffer.from(await makePdf(1)).toString('base64') });

describe('an AI agent through MCP, allowed by a person (issue 41)', () => {
  let owner: BrowserContext;
  let page: Page;
  let agent: Client;
  const mcpUrl = () => new URL(`${inject('baseUrl')}/mcp`);

  it('the consent page names the agent and its scopes in English, Spanish and French; Allow connects it', async () => {
    owner = await context();
    await signedInPerson(owner, 'Olga Owner');
    await onPlan(owner, 'business');
    page = await owner.newPage();

    const oauth = new InMemoryOAuthClient();
    const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: oauth });
    await expect(new Client({ name: 'clinic-assistant', version: '1.0.0' }).connect(transport)).rejects.toThrow(/Unauthorized/);
    let code: string | null = null;
    // The authorization server's answer is a redirect to the agent's address (nothing listens there): its code is read
    // off the request (a route would see only the first request of a redirect chain).
    page.on('request', (request) => {
      if (request.url().startsWith(REDIRECT)) code = new URL(request.url()).searchParams.get('code');
    });
    await page.goto(oauth.authorizationUrl!.href);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/user\/connect\//);
    const consentPath = new URL(page.url()).pathname;
    await visible(page.getByRole('heading', { name: enAgents.consent.title, level: 1 }));
    await visible(page.getByText(new RegExp(`^${AGENT} asks for access to the account`)));
    for (const scope of ['faxes:read', 'faxes:write', 'contacts:read']) await visible(page.getByText(scope, { exact: true }));
    // The door the agent's tokens open, with the rules that apply there.
    await visible(page.getByText(enAgents.consent.doors.mcp, { exact: true }));
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, `${screenshots()}/consent-en.png`);

    for (const language of ['es', 'fr'] as const) {
      const phone = await phonePageOf(browser, owner, language);
      await phone.goto(consentPath);
      await visible(phone.getByRole('heading', { name: TEXTS[language].consent.title, level: 1 }));
      await visible(phone.getByRole('button', { name: TEXTS[language].consent.allow.replace('{{app}}', AGENT) }));
      expect((await overflowOf(phone)).offenders).toEqual([]);
      await expectNoAccessibilityViolations(phone);
      await wholePageScreenshot(phone, `${screenshots()}/consent-${language}-phone.png`);
      await phone.context().close();
    }

    await page.getByRole('button', { name: `Allow ${AGENT}` }).click();
    await expect.poll(() => code, { timeout: 15_000 }).not.toBeNull();
    await transport.finishAuth(code!);
    agent = new Client({ name: 'clinic-assistant', version: '1.0.0' });
    await agent.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: oauth }));
    expect((await agent.listTools()).tools.map((tool) => tool.name)).toContain('send_fax');
  });

  it('the agent sends a fax and reads its status; Connected apps lists it', async () => {
    const sent = resultOf(
      await agent.callTool({ name: 'send_fax', arguments: { recipient: SANDBOX_TEST_NUMBERS.delivers, files: [await pdfFile()] } }),
    );
    const faxId = sent.faxes[0].fax_id as string;
    await expect
      .poll(async () => resultOf(await agent.callTool({ name: 'get_fax', arguments: { fax_id: faxId } })).status, {
        timeout: 90_000,
        interval: 500,
      })
      .toBe('delivered');

    await page.goto('/user/api-keys');
    await visible(page.getByRole('heading', { name: enAgents.connected.title }));
    await visible(page.getByText(AGENT, { exact: true }));
    await visible(page.getByRole('button', { name: `Revoke ${AGENT}` }));
    await expectNoAccessibilityViolations(page);
  });

  it('with approval required, the queue holds the agent’s faxes: one approved is sent, one denied never is', async () => {
    await page.goto('/user/settings');
    const approval = page.getByRole('switch', { name: enAgents.settings.approval });
    await visible(approval);
    // Saved on the server first, then shown: the switch turns once the account's rule has changed.
    await approval.click();
    await expect.poll(() => approval.isChecked()).toBe(true);
    await expect.poll(async () => (await owner.request.get('/api/agents/settings')).json()).toMatchObject({ approvalRequired: true });

    const send = async (to: string) =>
      resultOf(await agent.callTool({ name: 'send_fax', arguments: { recipient: to, files: [await pdfFile()] } }));
    expect(await send(SANDBOX_TEST_NUMBERS.delivers)).toMatchObject({ status: 'waiting_for_approval' });
    const denied = await send(SANDBOX_TEST_NUMBERS.slow_no_ecm);

    // The queue is found (decision 135): an entry under Fax History counts what waits, and the bell tells of each.
    await page.goto('/user');
    const queueEntry = (name: string) => page.getByRole('link', { name, exact: true });
    await visible(queueEntry(enAgents.nav.withWaiting_other.replace('{{count}}', '2')));
    await page.getByRole('button', { name: new RegExp(`^${enNotifications.button}, \\d+ unread$`) }).click();
    const told = page.getByRole('menuitem', { name: new RegExp(`^${AGENT} sent a fax to .+ that waits for your approval`) });
    await expect.poll(() => told.count()).toBe(2);
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, `${screenshots()}/approval-bell.png`);
    await told.first().click();
    await visible(page.getByRole('heading', { name: enAgents.queue.title, level: 1 }));
    for (const language of ['es', 'fr'] as const) {
      const phone = await phonePageOf(browser, owner, language);
      await phone.goto('/user');
      await phone.getByRole('button', { name: USER_TEXTS[language].layout.openNavigation }).click();
      const entry = phone.getByRole('link', { name: TEXTS[language].nav.withWaiting_other.replace('{{count}}', '2'), exact: true });
      await visible(entry);
      await expectNoAccessibilityViolations(phone);
      await wholePageScreenshot(phone, `${screenshots()}/approval-entry-${language}-phone.png`);
      await entry.click();
      await visible(phone.getByRole('heading', { name: TEXTS[language].queue.title, level: 1 }));
      // The queue itself fits a phone (the dashboard behind the menu scrolls its delivery table sideways, by design).
      expect((await overflowOf(phone)).offenders).toEqual([]);
      await phone.context().close();
    }
    await visible(page.getByText(`Sent by ${AGENT}`, { exact: false }).first());
    await expectNoAccessibilityViolations(page);
    await wholePageScreenshot(page, `${screenshots()}/approval-queue.png`);
    // The approval e-mail's Deny link (its address is checked in mcp.test.ts): the fax shows the choice, its Deny
    // button has the focus, and one key confirms it.
    await page.goto(`/user/agent-faxes?fax=${denied.approval_id}&decision=deny`);
    await visible(page.getByText(enAgents.queue.fromEmail.deny));
    const denyButton = page.getByRole('button', { name: `Deny the fax to ${SANDBOX_TEST_NUMBERS.slow_no_ecm}` });
    await expect.poll(() => denyButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await expectNoAccessibilityViolations(page);
    await page.keyboard.press('Enter');
    await visible(page.getByText('Denied by Olga Owner'));
    expect(await page.getByText(enAgents.queue.fromEmail.deny).count()).toBe(0);
    await page.getByRole('button', { name: `Approve the fax to ${SANDBOX_TEST_NUMBERS.delivers}` }).click();
    await visible(page.getByText('Approved by Olga Owner'));
    // Nothing waits: the entry stays (the account asks for approval) without a count.
    await visible(queueEntry(enAgents.nav.queue));

    const held = resultOf(await agent.callTool({ name: 'get_fax', arguments: { fax_id: denied.approval_id } }));
    expect(held).toMatchObject({ status: 'denied', fax_ids: [] });
    // The denied fax was never a fax: nothing to its number in the account's faxes, so no line ever dialled it.
    const toDenied = resultOf(await agent.callTool({ name: 'list_faxes', arguments: { to: SANDBOX_TEST_NUMBERS.slow_no_ecm } }));
    expect(toDenied.data).toEqual([]);
  });
});
