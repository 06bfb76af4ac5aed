import multipart from '@fastify/multipart';
import {
  MAX_ATTACHMENTS,
  MAX_FILE_SIZE_MB_LIMIT,
  ZFax,
  ZFaxDetails,
  ZFaxListQuery,
  ZFaxListResponse,
  ZFaxNumbersResponse,
  ZFaxPreviewResponse,
  ZOk,
  ZFaxQuote,
  ZRequestPagesAgain,
  ZSendFaxResponse,
  type TFaxListResponse,
  type TFaxSnippet,
  type TFaxQuote,
  type TLanguage,
  ZUncertainChoiceRequest,
  ZUncertainChoiceResponse,
} from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../accounts/require-actor';
import { signedInOf } from '../auth/session';
import { numbersOfAccount } from '../numbers/numbers';
import type { RouteDeps } from '../route-deps';
import { cancelFax } from './cancel-fax';
import { chooseForUncertainFax } from './choose-uncertain';
import { deleteFax } from './delete-fax';
import type { FaxActor } from './fax-access';
import { snippetsOf } from './fax-text-search';
import { acceptedMessage, toPublicFax } from './fax-view';
import { downloadFaxDocument, downloadFaxImage, faxThumbnail, getFax } from './get-fax';
import { createHistoryCache, HISTORY_CACHE_LIFETIME_MS } from './history-cache';
import { listFaxes } from './list-faxes';
import { previewFax } from './preview-fax';
import { readSendForm } from './read-send-form';
import { requestPagesAgain } from './request-pages-again';
import { resendFax } from './resend-fax';
import { assertMaySend, quoteFaxes, sendFax } from './send-fax';

const ZFaxParams = z.object({ id: z.uuid({ error: 'errors.faxNotFound' }) });

/** The language of a fax's cover page and of what its sender is told later: the person's own, else the request's. */
const senderLanguage = (actor: FaxActor, request: FastifyRequest): TLanguage =>
  (actor.user.language as TLanguage | undefined) ?? request.language;

/** A client's Idempotency-Key: the same key returns the fax it created instead of sending twice. */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.length <= 200 ? key : null;
}

/** The fax routes: each reads its request, calls one service of the faxes module, and answers. */
export const faxRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, config, files, queue, systemSettings, notifications, requireActor, requireSignedIn, actorFor, faxDocumentDownloaded, faxOnHold },
) => {
  const history = createHistoryCache({ notifications, maxEntries: config.historyCacheEntries, lifetimeMs: HISTORY_CACHE_LIFETIME_MS });
  app.addHook('onClose', async () => history.close());

  await app.register(multipart, {
    // The largest size the back office may allow; the size in force is checked per file (check-attachments.ts).
    limits: { fileSize: MAX_FILE_SIZE_MB_LIMIT * 1024 * 1024 + 1, files: MAX_ATTACHMENTS, fields: 10, fieldSize: 64 * 1024, parts: 20 },
  });

  app.post('/faxes', { schema: { response: { 202: ZSendFaxResponse } }, preHandler: requireActor('useFaxes') }, async (request, reply) => {
    const actor = actorOf(request);
    assertMaySend(actor);
    const form = await readSendForm(request);
    const { fax, quote } = await sendFax(
      { db, files, queue, config, systemSettings },
      {
        actor,
        language: senderLanguage(actor, request),
        request: form.request,
        uploads: form.uploads,
        idempotencyKey: idempotencyKeyOf(request),
        // The send form shows the price before sending: a send that costs money goes only at the price shown.
        acceptedTotalCents: form.request.quotedTotalCents ?? null,
      },
    );
    return reply.status(202).send(acceptedAnswer(fax, quote, request.language));
  });

  // The price of the form's send, shown before sending (decision 096): the same checks, nothing stored or queued.
  app.post('/faxes/quote', { schema: { response: { 200: ZFaxQuote } }, preHandler: requireActor('useFaxes') }, async (request) => {
    const actor = actorOf(request);
    const form = await readSendForm(request);
    return quoteFaxes(
      { db, files, queue, config, systemSettings },
      {
        actor,
        language: senderLanguage(actor, request),
        request: form.request,
        recipients: [form.request.recipientNumber],
        uploads: form.uploads,
        idempotencyKey: null,
      },
    );
  });

  // Resend: the same documents to the same recipient as a new fax, linked to this one (resend-fax.ts).
  app.post(
    '/faxes/:id/resend',
    { schema: { params: ZFaxParams, response: { 202: ZSendFaxResponse } }, preHandler: requireActor('useFaxes') },
    async (request, reply) => {
      const actor = actorOf(request);
      assertMaySend(actor);
      const { fax, quote } = await resendFax(
        { db, files, queue, config, systemSettings },
        { actor, id: request.params.id, language: senderLanguage(actor, request), idempotencyKey: idempotencyKeyOf(request) },
      );
      return reply.status(202).send(acceptedAnswer(fax, quote, request.language));
    },
  );

  // An uncertain fax's answer: keep it as it is, or send it again (choose-uncertain.ts, decision 119).
  app.post(
    '/faxes/:id/uncertain',
    {
      schema: { params: ZFaxParams, body: ZUncertainChoiceRequest, response: { 200: ZUncertainChoiceResponse } },
      preHandler: requireActor('useFaxes'),
    },
    async (request) => {
      const actor = actorOf(request);
      if (request.body.choice === 'resend') assertMaySend(actor);
      const { resent } = await chooseForUncertainFax(
        { db, files, queue, config, systemSettings },
        {
          actor,
          id: request.params.id,
          choice: request.body.choice,
          language: senderLanguage(actor, request),
          idempotencyKey: idempotencyKeyOf(request),
        },
      );
      return { choice: request.body.choice, resentFaxId: resent?.fax.id ?? null };
    },
  );

  // "Please send page N again", faxed back to the sender of a received fax (decision 101).
  app.post(
    '/faxes/:id/request-pages',
    { schema: { params: ZFaxParams, body: ZRequestPagesAgain, response: { 202: ZSendFaxResponse } }, preHandler: requireActor('useFaxes') },
    async (request, reply) => {
      const actor = actorOf(request);
      assertMaySend(actor);
      const { fax, quote } = await requestPagesAgain(
        { db, files, queue, config, systemSettings },
        {
          actor,
          id: request.params.id,
          language: senderLanguage(actor, request),
          request: request.body,
          idempotencyKey: idempotencyKeyOf(request),
        },
      );
      return reply.status(202).send(acceptedAnswer(fax, quote, request.language));
    },
  );

  /** The 202 of a send: the fax, its first state, what the sender is told, and the line it will go over. */
  function acceptedAnswer(fax: Awaited<ReturnType<typeof sendFax>>['fax'], quote: TFaxQuote | null, language: TLanguage) {
    return {
      faxId: fax.id,
      status: fax.scheduledAt ? ('scheduled' as const) : ('queued' as const),
      message: acceptedMessage(fax, language),
      line: fax.line ?? 'sandbox',
      quote,
    };
  }

  app.post(
    '/faxes/preview',
    { schema: { response: { 200: ZFaxPreviewResponse } }, preHandler: requireActor('useFaxes') },
    async (request) => {
      const actor = actorOf(request);
      const form = await readSendForm(request);
      return previewFax({ config, systemSettings }, { actor, language: request.language, request: form.request, uploads: form.uploads });
    },
  );

  // Signed in is enough to look in the cache, whose answers were made for this person once their role was checked; the
  // membership is read only to fill it (decision 035).
  app.get(
    '/faxes',
    { schema: { querystring: ZFaxListQuery, response: { 200: ZFaxListResponse } }, preHandler: requireSignedIn() },
    async (request, reply) => {
      const { user } = signedInOf(request);
      const { query } = request;
      // Kept as the answer's text: a page read again costs neither the database nor serializing (history-cache.ts).
      const body = await history.read(user.id, JSON.stringify(query), async () => {
        const { member } = await actorFor(request, 'useFaxes');
        const { rows, ...list } = await listFaxes(db, member, user.id, query);
        const snippets = query.search ? await snippetsOf({ db, files }, rows, query.search) : new Map<string, TFaxSnippet>();
        const answer: TFaxListResponse = {
          faxes: rows.map((row) => ({ ...toPublicFax(row), snippet: snippets.get(row.id) ?? null })),
          ...list,
          page: query.page,
          pageSize: query.pageSize,
        };
        return { accountId: member.accountId, body: JSON.stringify(ZFaxListResponse.parse(answer)) };
      });
      // Text with a JSON type is sent as it is (checked against ZFaxListResponse when it was made), hence the cast.
      return reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(body as never);
    },
  );

  // Opening a received fax marks it read: the history must show that to whoever opened it (app.ts, mayChangeData).
  app.get(
    '/faxes/:id',
    { schema: { params: ZFaxParams, response: { 200: ZFaxDetails } }, config: { changesData: true }, preHandler: requireActor('useFaxes') },
    async (request, reply) => {
      const details = await getFax(db, actorOf(request), request.params.id);
      reply.header('cache-control', 'no-store');
      return details;
    },
  );

  app.get(
    '/faxes/:id/document',
    {
      schema: { params: ZFaxParams },
      preHandler: requireActor('useFaxes'),
      // Once the whole document has left (retention's zero-footprint mode deletes a received fax's content then).
      onResponse: async (request, reply) => {
        if (reply.statusCode === 200) await faxDocumentDownloaded((request.params as { id: string }).id);
      },
    },
    async (request, reply) => {
      const document = await downloadFaxDocument({ db, files }, actorOf(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${document.name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-sha256', document.sha256 ?? '')
        .send(document.pdf);
    },
  );

  app.get('/faxes/:id/image', { schema: { params: ZFaxParams }, preHandler: requireActor('useFaxes') }, async (request, reply) => {
    const image = await downloadFaxImage({ db, files }, actorOf(request), request.params.id);
    return reply
      .header('content-type', 'image/tiff')
      .header('content-disposition', `attachment; filename="${image.name}"`)
      .header('cache-control', 'private, no-store')
      .send(image.tiff);
  });

  app.get('/faxes/:id/thumbnail', { schema: { params: ZFaxParams }, preHandler: requireActor('useFaxes') }, async (request, reply) => {
    const png = await faxThumbnail({ db, files }, actorOf(request), request.params.id);
    return reply.header('content-type', 'image/png').header('cache-control', 'private, max-age=300').send(Buffer.from(png));
  });

  app.post(
    '/faxes/:id/cancel',
    { schema: { params: ZFaxParams, response: { 200: ZFax } }, preHandler: requireActor('useFaxes') },
    async (request) => {
      return toPublicFax(await cancelFax({ db, queue, config }, actorOf(request), request.params.id));
    },
  );

  app.delete(
    '/faxes/:id',
    { schema: { params: ZFaxParams, response: { 200: ZOk } }, preHandler: requireActor('useFaxes') },
    async (request) => {
      await deleteFax({ db, files, faxOnHold }, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get('/numbers', { schema: { response: { 200: ZFaxNumbersResponse } }, preHandler: requireActor('useFaxes') }, async (request) => {
    const { member } = actorOf(request);
    const numbers = await numbersOfAccount(db, member.accountId);
    return {
      numbers: numbers.map((n) => ({ id: n.id, phoneNumber: n.phoneNumber, countryCode: n.countryCode, numberType: n.numberType })),
    };
  });
};
