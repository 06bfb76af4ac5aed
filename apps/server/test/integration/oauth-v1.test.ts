import { SANDBOX_TEST_NUMBERS } from '@faxline/shared';
import { ZV1Error, ZV1FaxDetails, ZV1FaxList, ZV1SendFaxResponse } from '@faxline/shared/api-v1';
import {
  discoverAuthorizationServerMetadata,
  exchangeAuthorization,
  registerClient,
  startAuthorization,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { makePdf } from '@test-support/factories/documents';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/audit/schema';
import { oauthRecords } from '../../src/oauth/schema';
import { deleteSpentIdempotencyRecords } from '../../src/public-api/jobs/purge-spent-idempotency';
import { apiIdempotency } from '../../src/public-api/schema';
import { callV1, ownerWithApiKey } from '../support/api-keys';
import { consentAsPerson, openListeningTestApp } from '../support/oauth-consent';
import type { TestApp } from '../support/test-app';

// /v1 with an app's OAuth access token (decision 135), as a third-party app gets one: it finds the authorization server
// from /v1's protected-resource metadata, registers itself, sends the person to consent with PKCE, and exchanges the
// code for a token for /v1; then it sends, reads and lists faxes with it as a program does with an API key.
let t: TestApp;
let origin: string;

beforeAll(async () => {
  ({ t, origin } = await openListeningTestApp({ FAX_CLOCK_SCALE: '0.05' }));
}, 180_000);
afterAll(() => t.close());

const APP_NAME = 'Referral Portal';
const REDIRECT = 'http://127.0.0.1:9/referral-portal/callback';

/** An app's whole OAuth flow for `resource` (none: the default, the MCP server), consented to by the person. */
async function tokenFor(personCookie: string, scope: string, resource?: string) {
  const metadataOfV1 = await (await fetch(`${origin}/.well-known/oauth-protected-resource/v1`)).json();
  expect(metadataOfV1).toMatchObject({ resource: `${origin}/v1`, authorization_servers: [origin] });
  const issuer = metadataOfV1.authorization_servers[0] as string;
  const metadata = (await discoverAuthorizationServerMetadata(issuer))!;
  const clientInformation = await registerClient(issuer, {
    metadata,
    clientMetadata: {
      client_name: APP_NAME,
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
  });
  const { authorizationUrl, codeVerifier } = await startAuthorization(issuer, {
    metadata,
    clientInformation,
    redirectUrl: REDIRECT,
    scope,
    ...(resource ? { resource: new URL(resource) } : {}),
  });
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  const { redirect, asked } = await consentAsPerson(t, authorizationUrl, personCookie);
  // The consent page says which door the token will open: /v1 when asked for, else the MCP server.
  expect(asked).toMatchObject({ clientName: APP_NAME, scopes: scope.split(' '), doors: [resource?.endsWith('/v1') ? 'api' : 'mcp'] });
  const tokens = await exchangeAuthorization(issuer, {
    metadata,
    clientInformation,
    authorizationCode: redirect.searchParams.get('code')!,
    codeVerifier,
    redirectUri: REDIRECT,
    ...(resource ? { resource: new URL(resource) } : {}),
  });
  return tokens.access_token;
}

const errorOf = (response: { json: () => unknown }) => ZV1Error.parse(response.json()).error;

describe('/v1 with an OAuth access token', () => {
  it('sends, reads and lists faxes as the person who connected the app, audited with its name; refuses a scope not given', async () => {
    const { cookie } = await ownerWithApiKey(t);
    const token = await tokenFor(cookie, 'faxes:read faxes:write', `${origin}/v1`);
    const pdf = Buffer.from(await makePdf(1)).toString('base64');

    const sent = await callV1(t, token, 'POST', '/v1/faxes', {
      payload: { recipient: SANDBOX_TEST_NUMBERS.delivers, files: [{ name: 'referral.pdf', content: pdf }] },
      headers: { 'idempotency-key': 'referral-1' },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    // Counted as a key is, against the plan's requests per minute.
    expect(Number(sent.headers['x-ratelimit-limit'])).toBeGreaterThan(0);
    const faxId = (ZV1SendFaxResponse.parse(sent.json()) as { fax_id: string }).fax_id;
    // The same Idempotency-Key again replays the answer, kept under the app as it is under a key.
    const again = await callV1(t, token, 'POST', '/v1/faxes', {
      payload: { recipient: SANDBOX_TEST_NUMBERS.delivers, files: [{ name: 'referral.pdf', content: pdf }] },
      headers: { 'idempotency-key': 'referral-1' },
    });
    expect(again.headers['idempotent-replayed']).toBe('true');
    // Kept for its day under the app's connection, then purged (no foreign key removes it any longer).
    const [kept] = await t.db.select().from(apiIdempotency).where(eq(apiIdempotency.key, 'referral-1'));
    expect(kept).toBeDefined();
    await t.db
      .update(apiIdempotency)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(apiIdempotency.callerId, kept!.callerId));
    expect(await deleteSpentIdempotencyRecords(t.db)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(apiIdempotency).where(eq(apiIdempotency.callerId, kept!.callerId))).toEqual([]);

    const got = await callV1(t, token, 'GET', `/v1/faxes/${faxId}`);
    expect(got.statusCode, got.body).toBe(200);
    expect(ZV1FaxDetails.parse(got.json())).toMatchObject({ id: faxId, channel: 'api', to: SANDBOX_TEST_NUMBERS.delivers });
    const listed = await callV1(t, token, 'GET', '/v1/faxes');
    expect(ZV1FaxList.parse(listed.json()).data.map((fax) => fax.id)).toEqual([faxId]);

    const [audited] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, faxId), eq(auditEvents.action, 'fax.send')));
    expect(audited!.details).toMatchObject({ viaAgent: { name: APP_NAME } });

    // Not given: the address book.
    const contacts = await callV1(t, token, 'GET', '/v1/contacts');
    expect(contacts.statusCode).toBe(403);
    expect(errorOf(contacts)).toMatchObject({ type: 'permission_error', code: 'errors.apiKeyScopeMissing' });
  }, 120_000);

  it('opens only the door the token is for: a token for the MCP server is a 401 at /v1, and the reverse', async () => {
    const { cookie } = await ownerWithApiKey(t);
    const forMcp = await tokenFor(cookie, 'faxes:read');
    const refused = await callV1(t, forMcp, 'GET', '/v1/faxes');
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).type).toBe('authentication_error');
    expect(refused.headers['www-authenticate']).toBe(`Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/v1"`);

    const forV1 = await tokenFor(cookie, 'faxes:read', `${origin}/v1`);
    const atMcp = await fetch(`${origin}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${forV1}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(atMcp.status).toBe(401);
  }, 120_000);

  it('answers 401 in /v1’s error shape once the app is revoked, or its token has expired', async () => {
    const { cookie } = await ownerWithApiKey(t);
    const revokedToken = await tokenFor(cookie, 'faxes:read', `${origin}/v1`);
    expect((await callV1(t, revokedToken, 'GET', '/v1/faxes')).statusCode).toBe(200);
    const [app] = (await t.app.inject({ method: 'GET', url: '/api/oauth/connections', headers: { cookie } })).json().data;
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/oauth/connections/${app.id}`, headers: { cookie, origin } });
    expect(revoked.statusCode).toBe(200);
    const afterRevoke = await callV1(t, revokedToken, 'GET', '/v1/faxes');
    expect(afterRevoke.statusCode).toBe(401);
    expect(errorOf(afterRevoke)).toMatchObject({ type: 'authentication_error', code: 'errors.invalidApiKey' });

    const expiringToken = await tokenFor(cookie, 'faxes:read', `${origin}/v1`);
    expect((await callV1(t, expiringToken, 'GET', '/v1/faxes')).statusCode).toBe(200);
    await t.db
      .update(oauthRecords)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oauthRecords.model, 'AccessToken'), eq(oauthRecords.id, expiringToken)));
    const afterExpiry = await callV1(t, expiringToken, 'GET', '/v1/faxes');
    expect(afterExpiry.statusCode).toBe(401);
    expect(errorOf(afterExpiry).type).toBe('authentication_error');
  }, 120_000);
});
