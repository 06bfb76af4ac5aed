import multipart from '@fastify/multipart';
import {
  CANCELABLE_FAX_STATUSES,
  hasNothingToSend,
  isInFlightFaxStatus,
  MAX_FILE_SIZE_MB_LIMIT,
  needsCoverPage,
  MAX_ATTACHMENTS,
  ZFaxDetails,
  ZFaxEventsResponse,
  ZFaxListQuery,
  ZFaxListResponse,
  ZFaxNumbersResponse,
  ZFaxPreviewResponse,
  ZOk,
  ZSendFaxResponse,
  ZFax,
  type TLanguage,
} from '@faxline/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAuditEvent, type AuditEvent } from '../audit/record-audit-event';
import type { AuthRouteDeps } from '../auth/routes';
import { requireSession } from '../auth/session';
import type { FileStore } from '../documents/encrypted-file-store';
import { prepareFaxDocument } from '../documents/prepare-fax-document';
import { renderPreviewPages } from '../documents/render-fax-image';
import { numbersOfAccount } from '../numbers/numbers';
import { AppError } from '../platform/http/app-error';
import { translator } from '../platform/i18n/i18n';
import type { Queue } from '../platform/queue/queue';
import { acceptFax } from './accept-fax';
import { checkAttachments, refuseUnconvertible } from './check-attachments';
import { moveFax } from './fax-state';
import { toPublicFax } from './fax-view';
import { listFaxes, visibleTo } from './list-faxes';
import { membershipOf, mayUseFaxes } from '../accounts/membership';
import { recentFaxEvents } from './recent-events';
import { readSendForm } from './read-send-form';
import { faxAttempts, faxFiles, faxes } from './schema';

export type FaxRouteDeps = AuthRouteDeps & { files: FileStore; queue: Queue };

const ZFaxParams = z.object({ id: z.uuid({ error: 'errors.faxNotFound' }) });
const PREVIEW_PAGES = 10;

export const faxRoutes: FastifyPluginAsyncZod<FaxRouteDeps> = async (app, { auth, db, config, files, queue, systemSettings }) => {
  const sessionDeps = { auth, db, absoluteSeconds: config.sessionAbsoluteSeconds };
  await app.register(multipart, {
    // The largest size the back office may allow; the size in force is checked per file (check-attachments.ts).
    limits: { fileSize: MAX_FILE_SIZE_MB_LIMIT * 1024 * 1024 + 1, files: MAX_ATTACHMENTS, fields: 10, fieldSize: 64 * 1024, parts: 20 },
  });

  /** The signed-in member who may work with faxes, or a 401/403. */
  async function faxUser(request: FastifyRequest, reply: FastifyReply) {
    const current = await requireSession(sessionDeps, request, reply);
    const member = await membershipOf(db, current.user);
    if (!mayUseFaxes(member)) throw new AppError('permission_denied', 'errors.forbidden');
    return { user: current.user as typeof current.user & { language?: string }, member };
  }

  const audit = (request: FastifyRequest, event: Omit<AuditEvent, 'ip'>) => recordAuditEvent(db, { ...event, ip: request.ip });

  /** One fax this member may see; otherwise 404, recorded as a denied access. */
  async function accessibleFax(request: FastifyRequest, reply: FastifyReply, id: string, action: AuditEvent['action']) {
    const { user, member } = await faxUser(request, reply);
    const [fax] = await db
      .select()
      .from(faxes)
      .where(and(eq(faxes.id, id), visibleTo(member, user.id)));
    if (!fax) {
      await audit(request, {
        actorUserId: user.id,
        accountId: member.accountId,
        action,
        objectType: 'fax',
        objectId: id,
        outcome: 'denied',
      });
      throw new AppError('not_found', 'errors.faxNotFound');
    }
    return { fax, user, member };
  }

  app.post('/faxes', { schema: { response: { 202: ZSendFaxResponse } } }, async (request, reply) => {
    const { user, member } = await faxUser(request, reply);
    // A confirmed address first (a fax service is a spam channel otherwise); the web app offers to resend the link.
    if (!user.emailVerified) throw new AppError('email_not_confirmed', 'errors.confirmEmailToSend');
    const form = await readSendForm(request);
    const settings = await systemSettings.current();
    const attachments = await checkAttachments(form.uploads, settings.maxFileSizeMB);
    const idempotencyKey = request.headers['idempotency-key'];
    const { fax } = await acceptFax(
      { db, files, queue, config },
      {
        member,
        user: { id: user.id, language: (user.language as TLanguage | undefined) ?? request.language },
        request: form.request,
        attachments,
        idempotencyKey: typeof idempotencyKey === 'string' && idempotencyKey.length <= 200 ? idempotencyKey : null,
        ip: request.ip,
        rules: settings,
      },
    );
    const t = translator(request.language);
    const message = fax.scheduledAt
      ? t('faxes.scheduled', {
          number: fax.toNumber,
          date: new Intl.DateTimeFormat(request.language, { dateStyle: 'long', timeStyle: 'short' }).format(fax.scheduledAt),
        })
      : t('faxes.accepted', { number: fax.toNumber });
    return reply.status(202).send({
      faxId: fax.id,
      status: fax.scheduledAt ? ('scheduled' as const) : ('queued' as const),
      message,
      line: fax.line ?? 'sandbox',
    });
  });

  // The pages as the fax will print them, before sending: the same checks and conversion, nothing stored.
  app.post('/faxes/preview', { schema: { response: { 200: ZFaxPreviewResponse } } }, async (request, reply) => {
    const { user } = await faxUser(request, reply);
    const form = await readSendForm(request);
    const attachments = await checkAttachments(form.uploads, (await systemSettings.current()).maxFileSizeMB);
    const contents = {
      coverMessage: form.request.coverPageMessage,
      coverSubject: form.request.coverSubject,
      attachmentCount: attachments.length,
    };
    if (hasNothingToSend(contents)) throw new AppError('invalid_request', 'errors.nothingToSend');
    const document = await prepareFaxDocument({
      files: attachments,
      quality: form.request.faxQuality,
      limits: config.converterLimits,
      cover: needsCoverPage(contents)
        ? {
            language: request.language,
            senderName: user.name,
            senderNumber: form.request.fromNumber ?? null,
            recipientName: form.request.recipientName ?? null,
            recipientNumber: form.request.recipientNumber,
            date: new Date(),
            subject: form.request.coverSubject ?? null,
            message: form.request.coverPageMessage ?? null,
          }
        : null,
    }).catch(refuseUnconvertible);
    const pages = await renderPreviewPages(document.pdf, form.request.faxQuality, PREVIEW_PAGES, config.converterLimits).catch(
      refuseUnconvertible,
    );
    return { pages: document.pages, images: pages.map((png) => `data:image/png;base64,${Buffer.from(png).toString('base64')}`) };
  });

  app.get('/faxes', { schema: { querystring: ZFaxListQuery, response: { 200: ZFaxListResponse } } }, async (request, reply) => {
    const { user, member } = await faxUser(request, reply);
    const { rows, ...list } = await listFaxes(db, member, user.id, request.query);
    reply.header('cache-control', 'no-store');
    return { faxes: rows.map(toPublicFax), ...list, page: request.query.page, pageSize: request.query.pageSize };
  });

  app.get('/faxes/:id', { schema: { params: ZFaxParams, response: { 200: ZFaxDetails } } }, async (request, reply) => {
    const { fax, user, member } = await accessibleFax(request, reply, request.params.id, 'fax.view');
    // A received fax is read once someone of the account opens it.
    const opened = fax.direction === 'inbound' && !fax.readAt ? { ...fax, readAt: new Date() } : fax;
    if (opened !== fax) await db.update(faxes).set({ readAt: opened.readAt }).where(eq(faxes.id, fax.id));
    const attempts = await db.select().from(faxAttempts).where(eq(faxAttempts.faxId, fax.id)).orderBy(asc(faxAttempts.number));
    const attached = await db.select().from(faxFiles).where(eq(faxFiles.faxId, fax.id)).orderBy(asc(faxFiles.position));
    await audit(request, {
      actorUserId: user.id,
      accountId: member.accountId,
      action: 'fax.view',
      objectType: 'fax',
      objectId: fax.id,
      outcome: 'success',
    });
    reply.header('cache-control', 'no-store');
    return {
      ...toPublicFax(opened),
      attempts: attempts.map((a) => ({
        number: a.number,
        startedAt: a.startedAt.toISOString(),
        endedAt: a.endedAt?.toISOString() ?? null,
        durationMs: a.durationMs,
        pagesSent: a.pagesSent,
        result: (a.result ?? 'in_progress') as z.infer<typeof ZFaxDetails>['attempts'][number]['result'],
      })),
      files: attached.map((f) => ({ name: f.name, type: f.type, size: f.size })),
      hasDocument: fax.documentKey !== null,
      hasThumbnail: fax.thumbnailKey !== null,
    };
  });

  app.get('/faxes/:id/document', { schema: { params: ZFaxParams } }, async (request, reply) => {
    const { fax, user, member } = await accessibleFax(request, reply, request.params.id, 'fax.download');
    if (!fax.documentKey) throw new AppError('not_found', 'errors.faxNotFound');
    const pdf = await files.get(fax.documentKey);
    await audit(request, {
      actorUserId: user.id,
      accountId: member.accountId,
      action: 'fax.download',
      objectType: 'fax',
      objectId: fax.id,
      outcome: 'success',
    });
    const name = `fax-${fax.createdAt.toISOString().slice(0, 10)}-${fax.id.slice(0, 8)}.pdf`;
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-sha256', fax.documentSha256 ?? '')
      .send(Buffer.from(pdf));
  });

  app.get('/faxes/:id/thumbnail', { schema: { params: ZFaxParams } }, async (request, reply) => {
    const { fax } = await accessibleFax(request, reply, request.params.id, 'fax.view');
    if (!fax.thumbnailKey) throw new AppError('not_found', 'errors.faxNotFound');
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', 'private, max-age=300')
      .send(Buffer.from(await files.get(fax.thumbnailKey)));
  });

  app.post('/faxes/:id/cancel', { schema: { params: ZFaxParams, response: { 200: ZFax } } }, async (request, reply) => {
    const { fax, user, member } = await accessibleFax(request, reply, request.params.id, 'fax.cancel');
    const t = translator((fax.language as TLanguage) ?? 'en');
    const canceled = await moveFax(db, fax.id, CANCELABLE_FAX_STATUSES, 'canceled', {
      failureReason: 'canceled',
      failureMessage: t('faxes.canceled'),
      completedAt: new Date(),
    });
    await audit(request, {
      actorUserId: user.id,
      accountId: member.accountId,
      action: 'fax.cancel',
      objectType: 'fax',
      objectId: fax.id,
      outcome: canceled ? 'success' : 'failure',
    });
    if (!canceled) throw new AppError('conflict', 'errors.cannotCancel', { status: fax.status });
    const [row] = await db.select().from(faxes).where(eq(faxes.id, fax.id));
    return toPublicFax(row!);
  });

  app.delete('/faxes/:id', { schema: { params: ZFaxParams, response: { 200: ZOk } } }, async (request, reply) => {
    const { fax, user, member } = await accessibleFax(request, reply, request.params.id, 'fax.delete');
    if (isInFlightFaxStatus(fax.status)) {
      await audit(request, {
        actorUserId: user.id,
        accountId: member.accountId,
        action: 'fax.delete',
        objectType: 'fax',
        objectId: fax.id,
        outcome: 'failure',
      });
      throw new AppError('conflict', 'errors.cannotDelete');
    }
    const attached = await db.select({ key: faxFiles.storageKey }).from(faxFiles).where(eq(faxFiles.faxId, fax.id));
    await db.delete(faxes).where(eq(faxes.id, fax.id));
    const keys = [fax.documentKey, fax.imageKey, fax.thumbnailKey, ...attached.map((a) => a.key)].filter((key): key is string =>
      Boolean(key),
    );
    await Promise.all(keys.map((key) => files.remove(key)));
    await audit(request, {
      actorUserId: user.id,
      accountId: member.accountId,
      action: 'fax.delete',
      objectType: 'fax',
      objectId: fax.id,
      outcome: 'success',
    });
    return { ok: true as const };
  });

  app.get('/notifications', { schema: { response: { 200: ZFaxEventsResponse } } }, async (request, reply) => {
    const { user, member } = await faxUser(request, reply);
    reply.header('cache-control', 'no-store');
    return { events: await recentFaxEvents(db, member, user.id) };
  });

  app.get('/numbers', { schema: { response: { 200: ZFaxNumbersResponse } } }, async (request, reply) => {
    const { member } = await faxUser(request, reply);
    const numbers = await numbersOfAccount(db, member.accountId);
    return {
      numbers: numbers.map((n) => ({ id: n.id, phoneNumber: n.phoneNumber, countryCode: n.countryCode, numberType: n.numberType })),
    };
  });
};
