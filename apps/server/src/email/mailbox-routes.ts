import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../platform/db/client';
import { translator } from '../platform/i18n/i18n';
import { mailboxMessages } from './schema';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const attachmentList = (attachments: Array<{ filename: string; contentType: string; size: number }>) =>
  attachments.length === 0
    ? ''
    : `<ul>${attachments.map((a) => `<li>${escapeHtml(a.filename)} (${escapeHtml(a.contentType)}, ${a.size} B)</li>`).join('')}</ul>`;

const ZMailboxQuery = z.object({ to: z.email().optional() });
const ZMailboxMessage = z.object({
  id: z.string(),
  /** The sender it left with; null for a message kept before senders were. */
  from: z.string().nullable(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The files it carried: their names, types and sizes (the files themselves are not kept). */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() })),
  /** Where an answer goes (a support reply's signed address), when not to the sender. */
  replyTo: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

/**
 * The local mailbox: e-mail kept in the database when no SMTP relay is configured, so that a person trying Faxline on
 * their machine can follow confirmation and reset links. Registered only outside production.
 */
export const mailboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const list = (to?: string) =>
    db
      .select()
      .from(mailboxMessages)
      .where(to ? eq(mailboxMessages.to, to.toLowerCase()) : undefined)
      .orderBy(desc(mailboxMessages.createdAt))
      .limit(100);

  app.get(
    '/api/dev/mailbox',
    { schema: { querystring: ZMailboxQuery, response: { 200: z.object({ messages: z.array(ZMailboxMessage) }) } } },
    async (request) => ({
      messages: (await list(request.query.to)).map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    }),
  );

  app.get('/dev/mailbox', { schema: { querystring: ZMailboxQuery } }, async (request, reply) => {
    const t = translator(request.language);
    const messages = await list(request.query.to);
    const items = messages
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">${escapeHtml(t('mailbox.to'))}: ${escapeHtml(m.to)} · <time datetime="${m.createdAt.toISOString()}">${m.createdAt.toISOString()}</time></p><pre>${linkify(escapeHtml(m.text))}</pre>${attachmentList(m.attachments)}</article>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="${request.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t('mailbox.title'))} · Faxline</title>
<style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#111827}article{border:1px solid #d1d5db;border-radius:8px;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0}.meta{color:#4b5563;font-size:.9rem}pre{white-space:pre-wrap;overflow-wrap:anywhere;font-family:inherit}a{color:#5b21b6}</style></head>
<body><main><h1>${escapeHtml(t('mailbox.title'))}</h1><p>${escapeHtml(t('mailbox.intro'))}</p>${items || `<p>${escapeHtml(t('mailbox.empty'))}</p>`}</main></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
};
