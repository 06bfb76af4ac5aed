import { singleLineText, webPaths } from '@faxline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { perAddressLimit } from '../platform/http/rate-limit';
import { translator } from '../platform/i18n/i18n';
import { numberLabel } from './fax-email-parts';
import { numberOfTarget, ruleOfTarget, unsubscribe } from './unsubscribe';
import { renderUnsubscribePage } from './unsubscribe-page';
import { UNSUBSCRIBE_PATH, unsubscribeKeyOf, verifyUnsubscribeToken, type TUnsubscribeTarget } from './unsubscribe-token';

/** The web app's settings page (apps/web/src/config/paths.ts `user.settings`), where every notice can be turned on again. */

const ZUnsubscribeQuery = z.object({ token: z.string().min(1).max(2000).check(singleLineText) });

/** A browser following the link or posting the page's form; a mail client's one-click POST gets JSON like any API call. */
const wantsPage = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

/**
 * The unsubscribe link of fax e-mails: GET asks with a button (a link scanner that follows it changes
 * nothing); POST unsubscribes at once, as a mail client's one-click unsubscribe does (RFC 8058). The signed token is
 * the authority: no session is needed, and the body (`List-Unsubscribe=One-Click`) is not read.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<Pick<RouteDeps, 'db' | 'config' | 'systemSettings'>> = async (
  app,
  { db, config, systemSettings },
) => {
  const limit = perAddressLimit(config.rateLimitFactor);
  // The forms a mail client or the confirmation page posts; their content says nothing the token does not.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));

  const page = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(html);

  /** What the page says; null when a number's address no longer concerns that account (nothing left to stop). */
  async function wordsFor(target: TUnsubscribeTarget, step: 'ask' | 'done'): Promise<string | null> {
    const t = translator(target.language);
    if (target.kind === 'person') return t(`unsubscribe.${step}.${target.setting}`);
    if (target.kind === 'rule') {
      const rule = await ruleOfTarget(db, target);
      return rule ? t(`unsubscribe.${step}.rule`, { address: target.address, rule }) : null;
    }
    const number = await numberOfTarget(db, target);
    return number ? t(`unsubscribe.${step}.number`, { address: target.address, number: numberLabel(number) }) : null;
  }

  const answer = async (request: FastifyRequest, reply: FastifyReply, token: string, step: 'ask' | 'done') => {
    const target = verifyUnsubscribeToken(await unsubscribeKeyOf(config), token);
    const words = target ? await wordsFor(target, step) : null;
    const language = target?.language ?? request.language;
    const t = translator(language);
    const settings = { label: t('unsubscribe.settingsLink'), url: `${config.publicUrl}${webPaths.user.settings.path}` };
    if (!target || !words) {
      if (!wantsPage(request)) throw new AppError('invalid_request', 'errors.invalidUnsubscribeLink');
      const paragraphs = [t('unsubscribe.invalid')];
      return page(reply, 400, renderUnsubscribePage({ language, title: t('unsubscribe.title'), paragraphs, settings }));
    }
    if (step === 'done') {
      await unsubscribe(db, target, { platformDefaultQuality: (await systemSettings.current()).defaultFaxResolution, ip: request.ip });
      if (!wantsPage(request)) return reply.header('cache-control', 'no-store').send({ ok: true });
    }
    const confirm = { label: t('unsubscribe.confirm'), action: `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}` };
    return page(
      reply,
      200,
      renderUnsubscribePage({
        language,
        title: t('unsubscribe.title'),
        paragraphs: step === 'done' && target.kind === 'person' ? [words, t('unsubscribe.settings')] : [words],
        confirm: step === 'ask' ? confirm : undefined,
        settings,
      }),
    );
  };

  app.get('/notifications/unsubscribe', { schema: { querystring: ZUnsubscribeQuery }, config: limit(60, 60_000) }, (request, reply) =>
    answer(request, reply, request.query.token, 'ask'),
  );
  app.post('/notifications/unsubscribe', { schema: { querystring: ZUnsubscribeQuery }, config: limit(60, 60_000) }, (request, reply) =>
    answer(request, reply, request.query.token, 'done'),
  );
};
