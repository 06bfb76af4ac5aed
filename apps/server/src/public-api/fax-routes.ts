import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import { MAX_ATTACHMENTS, MAX_FILE_SIZE_MB_LIMIT, type TFaxQuote, type TLanguage } from '@faxline/shared';
import {
  ZV1Fax,
  ZV1FaxDetails,
  ZV1FaxList,
  ZV1FaxListQuery,
  ZV1FaxParams,
  ZV1FaxText,
  ZV1SendFaxRequest,
  ZV1SendFaxResponse,
  ZV1Quote,
  ZV1UncertainChoice,
  ZV1UncertainChoiceResponse,
  MAX_BROADCAST_RECIPIENTS,
  type TV1Quote,
} from '@faxline/shared/api-v1';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { faxTextOf } from '../fax-text/fax-text';
import { cancelFax } from '../faxes/cancel-fax';
import { deleteFax } from '../faxes/delete-fax';
import { acceptedMessage, toPublicFax } from '../faxes/fax-view';
import { downloadFaxDocument, getFax } from '../faxes/get-fax';
import { createHistoryCache, HISTORY_CACHE_LIFETIME_MS } from '../faxes/history-cache';
import { listFaxPage } from '../faxes/list-fax-page';
import { quoteFaxes, sendFaxes } from '../faxes/send-fax';
import type { RouteDeps } from '../route-deps';
import { callerOf, requireScope, type ApiCaller } from './api-caller';
import { toV1Fax, toV1FaxDetails } from '../faxes/v1-fax-view';
import { idempotent } from './idempotency';
import { chooseForUncertainFax } from '../faxes/choose-uncertain';
import { readMultipartSend, uploadsOfSend } from './read-send-request';
import type { Upload } from '../faxes/check-attachments';
import { readV1Send, v1SendInput } from './v1-send';

type SendRequest = z.output<typeof ZV1SendFaxRequest>;

/** Base64 makes 4 characters of 3 bytes: the largest JSON send (every file at the largest size allowed) and its fields. */
const LARGEST_JSON_SEND = Math.ceil((MAX_ATTACHMENTS * MAX_FILE_SIZE_MB_LIMIT * 1024 * 1024 * 4) / 3) + 256 * 1024;

/**
 * The language a /v1 answer speaks a fax's failure in (decision 119): the one the request asks for with
 * Accept-Language, else the API key holder's own, else English.
 */
const answerLanguage = (request: FastifyRequest, actor: ApiCaller['actor']): TLanguage =>
  request.headers['accept-language'] ? request.language : ((actor.user.language as TLanguage | null | undefined) ?? request.language);

/** A quote as /v1 says it, in snake_case. */
const toV1Quote = (quote: TFaxQuote): TV1Quote => ({
  currency: quote.currency,
  total_cents: quote.totalCents,
  pages_known: quote.pagesKnown,
  recipients: quote.recipients.map((recipient) => ({
    number: recipient.number,
    country: recipient.country,
    pages: recipient.pages,
    overage_pages: recipient.overagePages,
    overage_cents_per_page: recipient.overageCentsPerPage,
    international_cents_per_page: recipient.internationalCentsPerPage,
    cents: recipient.cents,
  })),
});

/** /v1/faxes: the portal's fax services, called with an API key's actor and answered in snake_case. */
export const v1FaxRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, config, files, queue, systemSettings, notifications, faxOnHold },
) => {
  const history = createHistoryCache({ notifications, maxEntries: config.historyCacheEntries, lifetimeMs: HISTORY_CACHE_LIFETIME_MS });
  app.addHook('onClose', async () => history.close());

  await app.register(multipart, {
    limits: {
      fileSize: MAX_FILE_SIZE_MB_LIMIT * 1024 * 1024 + 1,
      files: MAX_ATTACHMENTS,
      fields: MAX_BROADCAST_RECIPIENTS + 20,
      fieldSize: 64 * 1024,
      parts: MAX_BROADCAST_RECIPIENTS + 30,
    },
  });

  /** The caller, when its key has the scope and its creator may use faxes (requireScope asks both). */
  function faxCaller(request: Parameters<typeof callerOf>[0], scope: 'faxes:read' | 'faxes:write') {
    return requireScope(callerOf(request), scope);
  }

  const sendDeps = { db, files, queue, config, systemSettings };

  const readSend = (request: FastifyRequest, body: SendRequest) =>
    readV1Send(body, uploadsOfSend(request, body), config.fileUrl.trustedOrigins);

  app.post(
    '/faxes',
    {
      schema: { body: ZV1SendFaxRequest, response: { 202: ZV1SendFaxResponse } },
      bodyLimit: LARGEST_JSON_SEND,
      preValidation: readMultipartSend,
    },
    async (request, reply) => {
      const caller = faxCaller(request, 'faxes:write');
      const { actor } = caller;
      const { body } = request;
      const { recipients, uploads, sourceUrl } = readSend(request, request.body);
      return idempotent(db, { request, reply, callerId: caller.id }, fingerprintOf(request, uploads), async () => {
        const sent = await sendFaxes(sendDeps, {
          ...v1SendInput({ language: request.language, body: request.body, actor, recipients, uploads, sourceUrl, channel: 'api' }),
          ...(body.quoted_total_cents !== undefined ? { acceptedTotalCents: body.quoted_total_cents } : {}),
          // Per key (or app): two keys of one account may use the same text without meeting.
          idempotencyKey:
            typeof request.headers['idempotency-key'] === 'string' ? `v1:${caller.id}:${request.headers['idempotency-key']}` : null,
        });
        const accepted = sent.faxes.map((fax) => ({
          fax_id: fax.id,
          status: fax.scheduledAt ? ('scheduled' as const) : ('queued' as const),
          message: acceptedMessage(fax, request.language),
          to: fax.toNumber,
        }));
        const quote = sent.quote ? toV1Quote(sent.quote) : null;
        return { status: 202, body: body.recipients ? { faxes: accepted, quote } : { ...accepted[0]!, quote } };
      });
    },
  );

  // The price of a send, nothing stored or queued (decision 096): the same body and checks as POST /faxes.
  app.post(
    '/faxes/quote',
    {
      schema: { body: ZV1SendFaxRequest, response: { 200: ZV1Quote } },
      bodyLimit: LARGEST_JSON_SEND,
      preValidation: readMultipartSend,
    },
    async (request, reply) => {
      const caller = faxCaller(request, 'faxes:write');
      const { actor } = caller;
      const { recipients, uploads, sourceUrl } = readSend(request, request.body);
      // Honoured as on every POST: the same key replays the price first quoted (for 24 hours), whatever changed since.
      return idempotent(db, { request, reply, callerId: caller.id }, fingerprintOf(request, uploads), async () => ({
        status: 200,
        body: toV1Quote(
          await quoteFaxes(sendDeps, {
            ...v1SendInput({ language: request.language, body: request.body, actor, recipients, uploads, sourceUrl, channel: 'api' }),
            idempotencyKey: null,
          }),
        ),
      }));
    },
  );

  app.get('/faxes', { schema: { querystring: ZV1FaxListQuery, response: { 200: ZV1FaxList } } }, async (request, reply) => {
    const { actor } = faxCaller(request, 'faxes:read');
    // Kept as the answer's text until the account changes, as the portal's history is (decision 035): a program that
    // polls its list costs neither the database nor serializing while nothing happened.
    const language = answerLanguage(request, actor);
    // The language is part of what is kept: the same list asked in another language is another answer.
    const body = await history.read(actor.user.id, JSON.stringify({ ...request.query, language }), async () => {
      const page = await listFaxPage(db, actor, request.query);
      const answer = { data: page.rows.map((row) => toV1Fax(toPublicFax(row), language)), next_cursor: page.nextCursor };
      return { accountId: actor.member.accountId, body: JSON.stringify(ZV1FaxList.parse(answer)) };
    });
    // Text with a JSON type is sent as it is (checked against ZV1FaxList when it was made), hence the cast.
    return reply.type('application/json; charset=utf-8').send(body as never);
  });

  app.get('/faxes/:fax_id', { schema: { params: ZV1FaxParams, response: { 200: ZV1FaxDetails } } }, async (request) => {
    const { actor } = faxCaller(request, 'faxes:read');
    return toV1FaxDetails(await getFax(db, actor, request.params.fax_id, { poll: true }), answerLanguage(request, actor));
  });

  app.post('/faxes/:fax_id/cancel', { schema: { params: ZV1FaxParams, response: { 200: ZV1Fax } } }, async (request, reply) => {
    const caller = faxCaller(request, 'faxes:write');
    const { actor } = caller;
    return idempotent(db, { request, reply, callerId: caller.id }, {}, async () => ({
      status: 200,
      body: toV1Fax(toPublicFax(await cancelFax({ db, queue, config }, actor, request.params.fax_id)), answerLanguage(request, actor)),
    }));
  });

  // An uncertain fax's answer (decision 119): keep it as it is, or send it again as a new fax; asked once.
  app.post(
    '/faxes/:fax_id/uncertain',
    { schema: { params: ZV1FaxParams, body: ZV1UncertainChoice, response: { 200: ZV1UncertainChoiceResponse } } },
    async (request, reply) => {
      const caller = faxCaller(request, 'faxes:write');
      const { actor } = caller;
      const header = request.headers['idempotency-key'];
      // The resend's own key (per API key or app, as a send's): the new fax is found again, never made twice.
      const key = typeof header === 'string' ? `v1:${caller.id}:uncertain:${header}` : null;
      return idempotent(db, { request, reply, callerId: caller.id }, request.body, async () => {
        const { fax, resent } = await chooseForUncertainFax(sendDeps, {
          actor,
          id: request.params.fax_id,
          choice: request.body.choice,
          language: (actor.user.language as TLanguage | null | undefined) ?? request.language,
          idempotencyKey: key,
        });
        return {
          status: 200,
          body: { fax: toV1Fax(toPublicFax(fax), answerLanguage(request, actor)), resent_fax_id: resent?.fax.id ?? null },
        };
      });
    },
  );

  app.delete(
    '/faxes/:fax_id',
    { schema: { params: ZV1FaxParams, response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }) } } },
    async (request) => {
      const { actor } = faxCaller(request, 'faxes:write');
      await deleteFax({ db, files, faxOnHold }, actor, request.params.fax_id);
      return { id: request.params.fax_id, deleted: true as const };
    },
  );

  app.get('/faxes/:fax_id/file', { schema: { params: ZV1FaxParams } }, async (request, reply) => {
    const { actor } = faxCaller(request, 'faxes:read');
    const document = await downloadFaxDocument({ db, files }, actor, request.params.fax_id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${document.name}"`)
      .header('x-content-sha256', document.sha256 ?? '')
      .send(document.pdf);
  });

  app.get('/faxes/:fax_id/text', { schema: { params: ZV1FaxParams, response: { 200: ZV1FaxText } } }, async (request) => {
    const { actor } = faxCaller(request, 'faxes:read');
    const { faxId, language, pages } = await faxTextOf({ db, files }, actor, request.params.fax_id);
    return { fax_id: faxId, language, pages };
  });
};

const hashOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** What identifies a send for its Idempotency-Key: a form's files by their hashes (their bytes are not kept for this), a JSON body by itself. */
const fingerprintOf = (request: FastifyRequest, uploads: Upload[]) =>
  request.isMultipart() ? { ...(request.body as object), files: uploads.map((u) => [u.name, hashOf(u.bytes)]) } : request.body;
