import type { LightMyRequestResponse } from 'fastify';
import { ZWebhookSecretResponse } from '@faxline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { createFax } from '@test-support/factories/faxes';
import { PASSWORD, uniqueEmail } from '@test-support/factories/values';
import { renderFaxImage } from '../../src/documents/fax-image/render-fax-image';
import { signUnsubscribeToken, unsubscribeKeyOf, unsubscribeUrl } from '../../src/fax-emails/unsubscribe-token';
import { faxAttempts } from '../../src/faxes/schema';
import { mediaLinkOf } from '../../src/lines/media-links';
import { createLogger } from '../../src/platform/logger';
import { API_PLAN, callV1, createApiKey } from '../support/api-keys';
import { TEST_ORIGIN, callApi, latestEmailTo, linkIn, openTestApp, signIn, someClientAddress, type TestApp } from '../support/test-app';

// Every secret this run hands out (links e-mailed, links given to carriers, keys and secrets shown once, session
// cookies), used as its holder uses it, and then looked for in everything the server logged at the production level:
// the API's lines and the worker's (the e-mails), through the production logger.
let t: TestApp;
const logs: string[] = [];
/** Every token the run issued, by what it is, to name the one found in a failure. */
const issued = new Map<string, string>();

beforeAll(async () => {
  t = await openTestApp({
    env: { EMAIL_CONFIRMATION: 'true' },
    logger: createLogger({ logLevel: 'info', logPretty: false }, { write: (line: string) => void logs.push(line) }),
  });
}, 120_000);
afterAll(() => t?.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN }, remoteAddress: someClientAddress() });

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: someClientAddress() });

/** The session token in an answer's cookies (the part before Better Auth's signature). */
function keepSessionOf(response: LightMyRequestResponse, what: string) {
  const cookie = response.cookies.find((c) => c.name.endsWith('session_token') && c.value);
  expect(cookie, `${what}: no session cookie`).toBeDefined();
  issued.set(decodeURIComponent(cookie!.value).split('.')[0]!, `${what} (session cookie)`);
}

type LogLine = { msg?: string; req?: { url?: string } };
const parsedLogs = () => logs.map((line) => JSON.parse(line) as LogLine);
/** The URLs of the requests logged, as the log holds them. */
const loggedUrls = () => parsedLogs().flatMap((line) => (line.req?.url ? [line.req.url] : []));

describe('the logs of a run', () => {
  it('hold no token issued during it: confirmation, reset, sign-in and sender links, media and unsubscribe links, keys, secrets, sessions', async () => {
    // Sign-up, and the confirmation link followed.
    const email = uniqueEmail();
    expect((await post('/api/auth/sign-up', { name: 'Grace Hopper', email, password: PASSWORD })).statusCode).toBe(200);
    const confirmation = linkIn((await latestEmailTo(t.app, email, /onfirm/)).text);
    issued.set(confirmation.searchParams.get('token')!, 'e-mail confirmation link');
    const confirmed = await get(`${confirmation.pathname}${confirmation.search}`);
    expect(confirmed.statusCode).toBe(302);
    keepSessionOf(confirmed, 'confirmation');

    // A password reset asked for, its link opened (the web page), probed in Better Auth's own link shape, and used.
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const reset = linkIn((await latestEmailTo(t.app, email, /eset/)).text);
    const resetToken = reset.searchParams.get('token')!;
    issued.set(resetToken, 'password reset link');
    await get(`${reset.pathname}${reset.search}`);
    await get(`/api/auth/reset-password/${resetToken}?callbackURL=%2Freset-password`);
    expect((await post('/api/auth/reset-password', { token: resetToken, newPassword: 'A-brand-new-secret-7' })).statusCode).toBe(200);
    const signedIn = await post('/api/auth/sign-in', { identifier: email, password: 'A-brand-new-secret-7' });
    expect(signedIn.statusCode).toBe(200);
    keepSessionOf(signedIn, 'sign-in');

    // An e-mailed one-time sign-in link, asked for in a browser, opened and spent there (the browser's half of the
    // proof, its cookie, is a secret too).
    const browser = someClientAddress();
    const asked = await callApi(t.app, 'POST', '/api/auth/sign-in-link', { payload: { identifier: email }, remoteAddress: browser });
    expect(asked.statusCode, asked.body).toBe(200);
    const browserCookie = asked.cookies.find((c) => c.name.endsWith('sign_in_link'))!;
    issued.set(browserCookie.value, 'sign-in link browser cookie');
    const signInLink = linkIn((await latestEmailTo(t.app, email, /sign-in link/)).text);
    const signInToken = signInLink.searchParams.get('token')!;
    issued.set(signInToken, 'one-time sign-in link');
    await get(`${signInLink.pathname}${signInLink.search}`);
    const spent = await callApi(t.app, 'POST', '/api/auth/sign-in-link/verify', {
      payload: { token: signInToken },
      remoteAddress: browser,
      cookie: `${browserCookie.name}=${browserCookie.value}`,
    });
    expect(spent.statusCode, spent.body).toBe(200);
    keepSessionOf(spent, 'sign-in link');

    // An account's owner: an API key and a webhook secret shown once, the key used, also where it does not belong.
    const account = await createAccount(t, { plan: API_PLAN });
    const cookie = await signIn(t.app, account.owner.email);
    const { secret: apiKey } = await createApiKey(t, cookie);
    issued.set(apiKey, 'API key');
    expect((await callV1(t, apiKey, 'GET', '/v1/faxes')).statusCode).toBe(200);
    await callV1(t, null, 'GET', `/v1/faxes?api_key=${apiKey}`);
    await callV1(t, `${apiKey}x`, 'GET', '/v1/faxes');
    const webhook = await callApi(t.app, 'POST', '/api/webhooks', {
      cookie,
      payload: { url: 'http://127.0.0.1:9/faxline', events: ['fax.delivered'] },
    });
    expect(webhook.statusCode, webhook.body).toBe(201);
    issued.set(ZWebhookSecretResponse.parse(webhook.json()).secret, 'webhook signing secret');

    // An outside address allowed as an e-mail to fax sender: the link mailed to it opened, looked up and used.
    const sender = uniqueEmail('lab');
    const allowed = await callApi(t.app, 'PUT', '/api/account/email-to-fax', {
      cookie,
      payload: { allowedSenders: [sender], authPolicy: 'off', includeBody: true },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const senderLink = new URL(/https?:\/\/\S+\/confirm-email-sender\?\S+/.exec((await latestEmailTo(t.app, sender)).text)![0]);
    const senderToken = senderLink.searchParams.get('token')!;
    issued.set(senderToken, 'e-mail sender confirmation link');
    await get(`${senderLink.pathname}${senderLink.search}`);
    expect((await get(`/api/email-to-fax/sender-confirmation${senderLink.search}`)).statusCode).toBe(200);
    expect((await post('/api/email-to-fax/sender-confirmation', { token: senderToken })).statusCode).toBe(200);

    // A fax handed to a carrier: its media link fetched as the carrier does, and the fax read by its owner.
    const image = await renderFaxImage(await makePdf(1), 'fine');
    const { key: imageKey } = await t.files.put(image.tiff);
    const fax = await createFax(t, { accountId: account.id, status: 'sending', quality: 'fine' });
    await t.db.insert(faxAttempts).values({ faxId: fax.id, number: 1, line: 'telnyx', imageKey });
    const media = new URL(await mediaLinkOf(t.config, { faxId: fax.id, attempt: 1 }));
    issued.set(media.pathname.split('/').pop()!, 'media link');
    expect((await get(media.pathname, { 'user-agent': 'CarrierBot/1.0' })).statusCode).toBe(200);
    expect((await callApi(t.app, 'GET', `/api/faxes/${fax.id}`, { cookie })).statusCode).toBe(200);

    // An unsubscribe link, as a fax e-mail carries it, opened.
    const unsubscribeToken = signUnsubscribeToken(await unsubscribeKeyOf(t.config), {
      kind: 'person',
      userId: account.owner.id,
      setting: 'faxReceived',
      language: 'en',
    });
    issued.set(unsubscribeToken, 'unsubscribe link');
    const unsubscribe = new URL(unsubscribeUrl(t.config.publicUrl, unsubscribeToken));
    expect((await get(`${unsubscribe.pathname}${unsubscribe.search}`)).statusCode).toBe(200);

    // The requests were logged (the search below means something), and an id that is no secret is kept whole.
    const urls = loggedUrls();
    for (const path of [
      '/api/better-auth/verify-email',
      '/reset-password',
      '/api/auth/reset-password/',
      '/sign-in/link',
      '/media/',
      '/v1/faxes',
    ])
      expect(
        urls.some((url) => url.startsWith(path)),
        `no request to ${path} in the log`,
      ).toBe(true);
    expect(urls).toContain(`/api/faxes/${fax.id}`);
    expect(parsedLogs().some((line) => line.msg === 'e-mail kept in the local mailbox')).toBe(true);

    const text = logs.join('\n');
    const found = [...issued].filter(([token]) => text.includes(token) || text.includes(encodeURIComponent(token)));
    expect(
      found.map(([token, what]) => `${what}: ${logs.find((line) => line.includes(token) || line.includes(encodeURIComponent(token)))}`),
    ).toEqual([]);
    expect(issued.size).toBe(12);
  }, 120_000);
});
