import {
  ZSendFaxResponse,
  ZWebhookEndpoint,
  ZWebhookEndpointsResponse,
  ZWebhookMessagesResponse,
  type TCreateChatNoticeRequest,
} from '@faxline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type PlanChoice } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { callV1, createApiKey } from '../support/api-keys';
import { sendFaxRequest } from '../support/faxes';
import { callApi, errorOf, openTestApp, signIn, type TestApp } from '../support/test-app';
import { startWebhookReceiver } from '../support/webhook-receiver';

// Slack and Teams stand-ins on this machine: the test configuration lets a chat notice point at 127.0.0.1, as it
// lets a signed webhook; Slack answers "ok", a Workflows trigger 202.
let t: TestApp;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let pdf: Buffer;
beforeAll(async () => {
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.001' } });
  receiver = await startWebhookReceiver((path) => (path.startsWith('/teams') ? { status: 202 } : { status: 200, body: 'ok' }));
  pdf = await makePdf(2);
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

async function customer(plan: PlanChoice, language: 'en' | 'es' | 'fr' = 'en', name = 'Riverside Clinic') {
  const account = await createAccount(t, { owner: { name, language }, plan });
  return { ...account, cookie: await signIn(t.app, account.owner.email) };
}

async function addChatNotice(cookie: string, request: TCreateChatNoticeRequest) {
  const response = await callApi(t.app, 'POST', '/api/webhooks/chat', { cookie, payload: request });
  expect(response.statusCode, response.body).toBe(201);
  return ZWebhookEndpoint.parse(response.json());
}

async function sendDeliveredFax(cookie: string, recipientNumber: string, coverSubject: string) {
  const response = await sendFaxRequest(
    t.app,
    cookie,
    { recipientNumber, faxQuality: 'fine', coverSubject, coverPageMessage: 'Results follow.' },
    [{ name: 'jane-doe-results.pdf', bytes: pdf }],
  );
  expect(response.statusCode, response.body).toBe(202);
  return ZSendFaxResponse.parse(response.json()).faxId;
}

type SlackBody = {
  text: string;
  blocks: {
    type: string;
    text?: { text: string };
    fields?: { text: string }[];
    elements?: { url?: string; text: string | { text: string } }[];
  }[];
};
type TeamsBody = {
  type: string;
  attachments: {
    contentType: string;
    contentUrl: null;
    content: {
      type: string;
      version: string;
      lang: string;
      body: { type: string; text?: string; facts?: { title: string; value: string }[] }[];
      actions: { type: string; url: string; title: string }[];
    };
  }[];
};

const arrived = async (path: string) => {
  await expect.poll(() => receiver.at(path).length, { timeout: 90_000, interval: 200 }).toBe(1);
  return receiver.at(path)[0]!;
};

describe('chat notices', () => {
  it('posts a delivered fax to Slack and Teams in their formats, with its details and a link to the fax, unsigned', async () => {
    const sender = await customer({ slug: 'business' });
    const recipient = await customer({ slug: 'business' }, 'en', 'Harbor Lab');
    await addChatNotice(sender.cookie, { app: 'slack', url: receiver.url('/slack/plain'), events: ['fax.delivered'] });
    await addChatNotice(sender.cookie, {
      app: 'teams',
      url: receiver.url('/teams/plain'),
      events: ['fax.delivered'],
      description: 'Front desk',
    });
    const faxId = await sendDeliveredFax(sender.cookie, recipient.number!, 'Quarterly invoice');
    const link = `${t.config.publicUrl}/user/fax-history?fax=${faxId}`;

    const slack = await arrived('/slack/plain');
    expect(slack.headers['content-type']).toBe('application/json');
    expect(slack.headers['webhook-signature']).toBeUndefined();
    const slackBody = JSON.parse(slack.body) as SlackBody;
    expect(slackBody.text).toMatch(/^Fax to .+ delivered$/);
    expect(slackBody.blocks.map((block) => block.type)).toEqual(['header', 'section', 'actions']);
    const fields = slackBody.blocks[1]!.fields!.map((field) => field.text);
    expect(fields).toEqual(expect.arrayContaining(['*Pages*\n3', '*Subject*\nQuarterly invoice']));
    expect(fields.some((field) => field.startsWith('*To*\nHarbor Lab') || field.startsWith('*To*\n+'))).toBe(true);
    expect(slackBody.blocks[2]!.elements![0]).toMatchObject({ url: link, text: { text: 'Open the fax' } });

    const teams = await arrived('/teams/plain');
    const teamsBody = JSON.parse(teams.body) as TeamsBody;
    expect(teamsBody.type).toBe('message');
    expect(teamsBody.attachments).toHaveLength(1);
    const card = teamsBody.attachments[0]!;
    expect(card).toMatchObject({ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null });
    expect(card.content).toMatchObject({ type: 'AdaptiveCard', version: '1.4', lang: 'en' });
    expect(card.content.body[0]!.text).toBe(slackBody.text);
    expect(card.content.body[1]!.facts).toEqual(expect.arrayContaining([{ title: 'Subject', value: 'Quarterly invoice' }]));
    expect(card.content.actions).toEqual([{ type: 'Action.OpenUrl', title: 'Open the fax', url: link }]);
  }, 120_000);

  it('on a HIPAA plan, carries no document and nothing of the fax but its pages, in the account’s language', async () => {
    const sender = await customer({ slug: 'hipaa-plus' }, 'fr', 'Cabinet Dupont');
    const recipient = await customer({ slug: 'business' }, 'en', 'Jane Doe Pharmacy');
    const slackNotice = await addChatNotice(sender.cookie, { app: 'slack', url: receiver.url('/slack/hipaa'), events: ['fax.delivered'] });
    await addChatNotice(sender.cookie, { app: 'teams', url: receiver.url('/teams/hipaa'), events: ['fax.delivered'] });
    const faxId = await sendDeliveredFax(sender.cookie, recipient.number!, 'Referral of Jane Doe');
    const link = `${t.config.publicUrl}/user/fax-history?fax=${faxId}`;

    for (const path of ['/slack/hipaa', '/teams/hipaa']) {
      const { body } = await arrived(path);
      // Neither who it went to, nor its number, subject, cover message, file or bytes: the pages, the time, the link.
      for (const secret of ['Jane', 'Doe', 'Referral', 'Results follow', 'jane-doe-results', '%PDF', 'JVBER', recipient.number!.slice(2)])
        expect(body, `${path} holds ${secret}`).not.toContain(secret);
      expect(body.length).toBeLessThan(2_000);
      expect(body).toContain(link);
      expect(body).toContain('Un fax a été remis');
      expect(body).toContain('Votre forfait garde les détails des fax hors du chat (HIPAA)');
    }
    const slack = JSON.parse(receiver.at('/slack/hipaa')[0]!.body) as SlackBody;
    expect(slack.blocks.map((block) => block.type)).toEqual(['header', 'section', 'context', 'actions']);
    expect(slack.blocks[1]!.fields!.map((field) => field.text.split('\n')[0])).toEqual(['*Pages*', '*Heure*']);
    const teams = JSON.parse(receiver.at('/teams/hipaa')[0]!.body) as TeamsBody;
    expect(teams.attachments.map((attachment) => attachment.contentType)).toEqual(['application/vnd.microsoft.card.adaptive']);
    expect(teams.attachments[0]!.content.lang).toBe('fr');

    // Sent once, recorded as delivered in the endpoint's delivery log.
    const log = await callApi(t.app, 'GET', `/api/webhooks/${slackNotice.id}/messages`, { cookie: sender.cookie });
    const { messages } = ZWebhookMessagesResponse.parse(log.json());
    expect(messages.map((message) => [message.type, message.status, message.attempts.length])).toEqual([['fax.delivered', 'delivered', 1]]);
  }, 120_000);

  it('takes only its app’s URLs, has no secret, and stays out of the public API', async () => {
    const owner = await customer({ slug: 'business' }, 'es');
    const refused = async (request: TCreateChatNoticeRequest) => {
      const response = await callApi(t.app, 'POST', '/api/webhooks/chat', { cookie: owner.cookie, payload: request, language: 'en' });
      expect(response.statusCode, response.body).toBe(400);
      return errorOf(response);
    };
    expect(await refused({ app: 'slack', url: 'https://example.com/hooks/T1/B1/x', events: ['fax.delivered'] })).toMatchObject({
      code: 'errors.chatNoticeUrlNotSlack',
      message: expect.stringContaining('https://hooks.slack.com/'),
    });
    expect(await refused({ app: 'teams', url: 'https://hooks.slack.com/services/T1/B1/x', events: ['fax.delivered'] })).toMatchObject({
      code: 'errors.chatNoticeUrlNotTeams',
    });
    expect(await refused({ app: 'teams', url: 'https://evil.com/.webhook.office.com/x', events: ['fax.delivered'] })).toMatchObject({
      code: 'errors.chatNoticeUrlNotTeams',
    });
    expect(
      await refused({ app: 'discord' as 'slack', url: 'https://hooks.slack.com/services/T1/B1/x', events: ['fax.delivered'] }),
    ).toMatchObject({
      message: expect.stringContaining('Choose Slack or Microsoft Teams.'),
    });
    const slack = await addChatNotice(owner.cookie, {
      app: 'slack',
      url: 'https://hooks.slack.com/services/T1/B1/x',
      events: ['fax.received'],
    });
    const teams = await addChatNotice(owner.cookie, {
      app: 'teams',
      url: 'https://prod-01.westus.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?api-version=2016-06-01&sig=x',
      events: ['fax.received'],
    });
    await addChatNotice(owner.cookie, {
      app: 'teams',
      url: 'https://clinic.webhook.office.com/webhookb2/a/IncomingWebhook/b/c',
      events: ['fax.failed'],
    });
    expect(slack).toMatchObject({ format: 'slack', publicKey: null, enabled: true });
    expect(teams.format).toBe('teams');

    // Moving a Slack notice to a Teams address is refused; there is no secret to rotate.
    const moved = await callApi(t.app, 'PATCH', `/api/webhooks/${slack.id}`, {
      cookie: owner.cookie,
      payload: { url: 'https://clinic.webhook.office.com/webhookb2/a' },
    });
    expect(errorOf(moved)).toMatchObject({ code: 'errors.chatNoticeUrlNotSlack' });
    const rotated = await callApi(t.app, 'POST', `/api/webhooks/${slack.id}/rotate-secret`, { cookie: owner.cookie, language: 'es' });
    expect(rotated.statusCode).toBe(409);
    expect(errorOf(rotated).message).toBe('Un aviso de chat no se firma: no tiene secreto que rotar.');

    const list = ZWebhookEndpointsResponse.parse((await callApi(t.app, 'GET', '/api/webhooks', { cookie: owner.cookie })).json());
    expect(list.endpoints.map((endpoint) => endpoint.format)).toEqual(['slack', 'teams', 'teams']);
    const { secret: apiKey } = await createApiKey(t, owner.cookie, ['webhooks:manage']);
    expect((await callV1(t, apiKey, 'GET', '/v1/webhooks')).json()).toEqual({ data: [] });
    expect((await callV1(t, apiKey, 'GET', `/v1/webhooks/${slack.id}`)).statusCode).toBe(404);
    expect((await callV1(t, apiKey, 'DELETE', `/v1/webhooks/${slack.id}`)).statusCode).toBe(404);
  });

  it('sends its test message in the chat app’s format and the account’s language', async () => {
    const owner = await customer({ slug: 'basic' }, 'es');
    const notice = await addChatNotice(owner.cookie, { app: 'teams', url: receiver.url('/teams/test'), events: ['fax.received'] });
    const sent = await callApi(t.app, 'POST', `/api/webhooks/${notice.id}/test`, { cookie: owner.cookie });
    expect(sent.statusCode, sent.body).toBe(202);
    const card = (JSON.parse((await arrived('/teams/test')).body) as TeamsBody).attachments[0]!.content;
    expect(card.body[0]!.text).toBe('Mensaje de prueba de Faxline');
    expect(card.actions[0]!.url).toBe(`${t.config.publicUrl}/user/webhooks`);
  });
});
