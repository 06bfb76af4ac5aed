import { API_KEY_SCOPES, SANDBOX_TEST_NUMBERS } from '@faxline/shared';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { makePdf } from '@test-support/factories/documents';
import { InMemoryOAuthClient, MCP_CLIENT_NAME } from '@test-support/mcp-oauth-client';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/audit/schema';
import { mailboxMessages } from '../../src/email/schema';
import { faxes } from '../../src/faxes/schema';
import { deleteExpiredOAuthRecords } from '../../src/oauth/jobs/purge-expired-records';
import { oauthRecords } from '../../src/oauth/schema';
import { ownerWithApiKey } from '../support/api-keys';
import { openListeningTestApp, consentAsPerson } from '../support/oauth-consent';
import type { TestApp } from '../support/test-app';

// The MCP server as an agent meets it: the official SDK's client over Streamable HTTP, signed in with OAuth (dynamic
// registration, PKCE, the portal's consent) or an API key; the account's approval queue and its rule on contents.
let t: TestApp;
let origin: string;

beforeAll(async () => {
  ({ t, origin } = await openListeningTestApp({ FAX_CLOCK_SCALE: '0.05' }));
}, 180_000);
afterAll(() => t.close());

/**
 * Connects an MCP client with OAuth as a person would: the client registers itself and is sent to /oauth/authorize;
 * the person's browser consents (consentAsPerson) and comes back with a code, which the client exchanges with its
 * PKCE verifier.
 */
async function connectWithOAuth(personCookie: string, approve = true) {
  const oauth = new InMemoryOAuthClient();
  const url = new URL(`${origin}/mcp`);
  const first = new StreamableHTTPClientTransport(url, { authProvider: oauth });
  await expect(new Client({ name: 'clinic-assistant', version: '1.0.0' }).connect(first)).rejects.toThrow(/Unauthorized/);
  const authorizationUrl = oauth.authorizationUrl!;
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  // The client asks for the scopes the protected resource's metadata lists: the consent page names each.
  const scopes = authorizationUrl.searchParams.get('scope')!.split(' ');

  const { redirect: next, asked } = await consentAsPerson(t, authorizationUrl, personCookie, approve);
  expect(asked).toMatchObject({ clientName: MCP_CLIENT_NAME, scopes, doors: ['mcp'] });
  expect(`${next.origin}${next.pathname}`).toBe(oauth.redirectUrl);
  if (!approve) return { error: next.searchParams.get('error') };
  await first.finishAuth(next.searchParams.get('code')!);
  const client = new Client({ name: 'clinic-assistant', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: oauth }));
  return { client, oauth };
}

/** The JSON a tool answered. */
const resultOf = (result: Awaited<ReturnType<Client['callTool']>>) => JSON.parse((result.content as Array<{ text: string }>)[0]!.text);

const pdfFile = async () => ({ name: 'referral.pdf', content: Buffer.from(await makePdf(1)).toString('base64') });

async function waitForStatus(client: Client, faxId: string, status: string) {
  for (let i = 0; i < 600; i++) {
    const fax = resultOf(await client.callTool({ name: 'get_fax', arguments: { fax_id: faxId } }));
    if (fax.status === status) return fax;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fax ${faxId} never became ${status}`);
}

describe('the MCP server with OAuth', () => {
  it('registers, asks the person, lists the tools, sends a fax and reads its status; the audit trail names the agent', async () => {
    const { cookie, account } = await ownerWithApiKey(t);
    const { client, oauth } = await connectWithOAuth(cookie);
    const tools = (await client!.listTools()).tools.map((tool) => tool.name).sort();
    expect(tools).toEqual(['get_fax', 'list_contacts', 'list_faxes', 'read_fax_text', 'send_fax']);

    const sent = resultOf(
      await client!.callTool({ name: 'send_fax', arguments: { recipient: SANDBOX_TEST_NUMBERS.delivers, files: [await pdfFile()] } }),
    );
    const faxId = sent.faxes[0].fax_id;
    const fax = await waitForStatus(client!, faxId, 'delivered');
    expect(fax).toMatchObject({ id: faxId, channel: 'agent', to: SANDBOX_TEST_NUMBERS.delivers });

    const [audited] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, faxId), eq(auditEvents.action, 'fax.send')));
    expect(audited!.details).toMatchObject({ channel: 'agent', viaAgent: { name: MCP_CLIENT_NAME } });

    // The refresh token turns: each use gives a new one (a spent one used again revokes the grant, oidc-provider's rule).
    const { client: registered, stored } = oauth!;
    const refresh = (token: string) =>
      fetch(`${origin}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: registered!.client_id }),
      });
    const refreshed = await refresh(stored!.refresh_token!);
    expect(refreshed.status).toBe(200);
    expect((await refreshed.json()).refresh_token).not.toBe(stored!.refresh_token);
    await expect(client!.listTools()).resolves.toBeTruthy();

    const connected = await t.app.inject({ method: 'GET', url: '/api/oauth/connections', headers: { cookie } });
    const [app] = connected.json().data;
    expect(app).toMatchObject({ clientName: MCP_CLIENT_NAME, scopes: [...API_KEY_SCOPES] });
    expect(app.lastUsedAt).not.toBeNull();
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/oauth/connections/${app.id}`, headers: { cookie, origin } });
    expect(revoked.statusCode).toBe(200);
    await expect(client!.listTools()).rejects.toThrow();
    expect((await t.db.select().from(faxes).where(eq(faxes.accountId, account.id))).length).toBe(1);
  }, 120_000);

  it('tells the app a person said no (access_denied), and makes no connection', async () => {
    const { cookie } = await ownerWithApiKey(t);
    expect(await connectWithOAuth(cookie, false)).toEqual({ error: 'access_denied' });
    expect((await t.app.inject({ method: 'GET', url: '/api/oauth/connections', headers: { cookie } })).json().data).toEqual([]);
  }, 60_000);
});

describe('the account’s rules for agents', () => {
  /** An MCP client with an API key, as a program without OAuth connects. */
  async function connectWithKey(secret: string) {
    const client = new Client({ name: 'script', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }),
    );
    return client;
  }

  it('holds an agent’s fax until a member approves it; a denied one never becomes a fax', async () => {
    const { cookie, secret, account, owner } = await ownerWithApiKey(t);
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/agents/settings',
      headers: { cookie, origin },
      payload: { approvalRequired: true, contentsForbidden: false },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const client = await connectWithKey(secret);
    const send = async () =>
      resultOf(
        await client.callTool({ name: 'send_fax', arguments: { recipient: SANDBOX_TEST_NUMBERS.delivers, files: [await pdfFile()] } }),
      );
    const approved = await send();
    const denied = await send();
    expect(approved).toMatchObject({ status: 'waiting_for_approval' });
    expect(await t.db.select().from(faxes).where(eq(faxes.accountId, account.id))).toEqual([]);

    // Each held fax is e-mailed to the members who may decide it: who asks, to whom, and the way to the queue.
    const requests = async () =>
      (await t.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, owner.email))).filter((message) =>
        message.subject.includes('asks to send a fax from'),
      );
    await expect.poll(async () => (await requests()).length, { timeout: 30_000, interval: 200 }).toBe(2);
    const [request] = await requests();
    expect(request!.text).toContain(SANDBOX_TEST_NUMBERS.delivers);
    expect(request!.text).toContain('Nothing is dialled until someone approves it');

    const queue = await t.app.inject({ method: 'GET', url: '/api/agents/faxes', headers: { cookie } });
    expect(queue.json().data.map((fax: { state: string }) => fax.state)).toEqual(['waiting', 'waiting']);
    // An Approve and a Deny link, each to the queue on its fax with the choice made, confirmed there (decision 131).
    const heldIds = queue.json().data.map((fax: { id: string }) => fax.id);
    const links = [...request!.text.matchAll(/^(Approve|Deny): (\S+)$/gm)].map(([, label, url]) => ({ label, url: new URL(url!) }));
    expect(links.map(({ label, url }) => [label, url.origin + url.pathname, url.searchParams.get('decision')])).toEqual([
      ['Approve', `${t.config.publicUrl}/user/agent-faxes`, 'approve'],
      ['Deny', `${t.config.publicUrl}/user/agent-faxes`, 'deny'],
    ]);
    expect(heldIds).toContain(links[0]!.url.searchParams.get('fax'));
    expect(links[1]!.url.searchParams.get('fax')).toBe(links[0]!.url.searchParams.get('fax'));
    // The HTML part's buttons lead to the same addresses (attribute text escaped: `=` and `&` as entities).
    const htmlLinks = request!.html.replaceAll('&#x3D;', '=').replaceAll('&amp;', '&');
    for (const { url } of links) expect(htmlLinks).toContain(`href="${url.href}"`);
    // The menu counts them and the bell tells of each, leading to the queue (decision 135); marking read leaves them.
    const summary = async () => (await t.app.inject({ method: 'GET', url: '/api/agents/faxes/summary', headers: { cookie } })).json();
    const bell = async () => (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } })).json();
    expect(await summary()).toEqual({ approvalRequired: true, waiting: 2 });
    await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: { cookie, origin }, payload: { all: true } });
    const told = await bell();
    expect(told.unread).toBe(2);
    expect(told.notifications.filter((n: { type: string }) => n.type === 'agent_fax.waiting')).toEqual(
      [denied, approved].map((held) =>
        expect.objectContaining({ agentFaxId: held.approval_id, agentName: expect.stringMatching(/^API key /), read: false }),
      ),
    );
    const decide = (id: string, approve: boolean) =>
      t.app.inject({ method: 'POST', url: `/api/agents/faxes/${id}/decision`, headers: { cookie, origin }, payload: { approve } });
    expect((await decide(denied.approval_id, false)).json()).toMatchObject({ state: 'denied', faxIds: [] });
    expect((await decide(denied.approval_id, true)).statusCode).toBe(404);
    const decided = (await decide(approved.approval_id, true)).json();
    expect(decided).toMatchObject({ state: 'approved' });
    expect(await summary()).toEqual({ approvalRequired: true, waiting: 0 });
    expect((await bell()).notifications.filter((n: { read: boolean }) => !n.read)).toEqual([]);

    const status = resultOf(await client.callTool({ name: 'get_fax', arguments: { fax_id: approved.approval_id } }));
    expect(status).toMatchObject({ status: 'approved', fax_ids: decided.faxIds });
    await waitForStatus(client, decided.faxIds[0], 'delivered');
    // Only the approved one was ever a fax: the denied one never reached a line.
    expect((await t.db.select().from(faxes).where(eq(faxes.accountId, account.id))).map((fax) => fax.id)).toEqual(decided.faxIds);
  }, 120_000);

  it('gives an agent a fax’s metadata only when the account forbids contents', async () => {
    const { cookie, secret } = await ownerWithApiKey(t);
    const client = await connectWithKey(secret);
    const sent = resultOf(
      await client.callTool({ name: 'send_fax', arguments: { recipient: SANDBOX_TEST_NUMBERS.delivers, files: [await pdfFile()] } }),
    );
    const faxId = sent.faxes[0].fax_id;
    await t.app.inject({
      method: 'PUT',
      url: '/api/agents/settings',
      headers: { cookie, origin },
      payload: { approvalRequired: false, contentsForbidden: true },
    });
    const text = resultOf(await client.callTool({ name: 'read_fax_text', arguments: { fax_id: faxId } }));
    expect(text).toMatchObject({ contents_withheld: true, fax: { id: faxId } });
    expect(text).not.toHaveProperty('pages');
    // Which faxes hold a word tells what they say: the search by words is refused too, with its reason.
    const search = await client.callTool({ name: 'list_faxes', arguments: { text: 'referral' } });
    expect(search.isError).toBe(true);
    expect(JSON.parse((search.content as Array<{ text: string }>)[0]!.text)).toMatchObject({ code: 'errors.agentContentsForbidden' });
  }, 60_000);

  it('purges the authorization server’s expired records, and keeps the registered clients and what has not expired', async () => {
    const now = new Date();
    const hour = 3_600_000;
    await t.db.insert(oauthRecords).values([
      { model: 'AccessToken', id: 'purge-expired', payload: {}, expiresAt: new Date(now.getTime() - hour) },
      { model: 'AccessToken', id: 'purge-live', payload: {}, expiresAt: new Date(now.getTime() + hour) },
      { model: 'Client', id: 'purge-client', payload: {}, expiresAt: null },
    ]);
    expect(await deleteExpiredOAuthRecords(t.db, now)).toBeGreaterThanOrEqual(1);
    const left = await t.db.select({ id: oauthRecords.id }).from(oauthRecords).where(like(oauthRecords.id, 'purge-%'));
    expect(left.map((row) => row.id).sort()).toEqual(['purge-client', 'purge-live']);
  });

  it('answers 401 with the protected resource’s metadata to a caller without a token', async () => {
    const response = await fetch(`${origin}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain(`${origin}/.well-known/oauth-protected-resource/mcp`);
    const metadata = await (await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(metadata).toMatchObject({ resource: `${origin}/mcp`, authorization_servers: [origin] });
    const server = await (await fetch(`${origin}/.well-known/oauth-authorization-server`)).json();
    expect(server).toMatchObject({
      issuer: origin,
      code_challenge_methods_supported: ['S256'],
      registration_endpoint: `${origin}/oauth/register`,
    });
  });
});
