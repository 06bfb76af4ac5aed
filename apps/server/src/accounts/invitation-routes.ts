import { singleLineText, webPaths } from '@faxline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderLinkPage, type LinkPage } from '../email/link-page';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { perAddressLimit } from '../platform/http/rate-limit';
import { translator } from '../platform/i18n/i18n';
import { acceptInvitation, INVITATION_ACCEPT_PATH, openInvitation, type OpenInvitation } from './member-invitations';

const ZInvitationQuery = z.object({ token: z.string().min(1).max(200).check(singleLineText) });

/** A browser following the link or posting the page's form; any other client gets JSON like any API call. */
const wantsPage = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

/** Why an accepted invitation made no login, as the page says it. */
const REFUSALS: Record<string, string> = {
  'errors.emailTaken': 'memberInvitation.page.emailTaken',
  'errors.usernameTaken': 'memberInvitation.page.usernameTaken',
  // Accepted by another click a moment before.
  'errors.memberInvitationInvalid': 'memberInvitation.page.invalid',
};

/**
 * The link of an invitation e-mail (decision 068), a page of the API's own: GET shows who invites to which account and
 * asks with a button (a link scanner that follows the link accepts nothing); POST accepts. The link's secret is the
 * authority: no session is needed.
 */
export const invitationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { auth, db, config, accountLifecycle }) => {
  const limit = perAddressLimit(config.rateLimitFactor);
  // The page's form; its content says nothing the link does not.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, undefined),
  );

  const page = (reply: FastifyReply, status: number, content: LinkPage) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(renderLinkPage(content));

  const signIn = (t: ReturnType<typeof translator>) => ({
    label: t('memberInvitation.page.signIn'),
    url: `${config.publicUrl}${webPaths.signIn.path}`,
  });

  const invalid = (request: FastifyRequest, reply: FastifyReply) => {
    if (!wantsPage(request)) throw new AppError('not_found', 'errors.memberInvitationInvalid');
    const t = translator(request.language);
    return page(reply, 404, {
      language: request.language,
      title: t('memberInvitation.page.invalidTitle'),
      paragraphs: [t('memberInvitation.page.invalid')],
      link: signIn(t),
    });
  };

  const wordsOf = (open: OpenInvitation, t: ReturnType<typeof translator>) => ({
    inviter: open.inviter,
    account: open.accountName,
    role: t(`memberInvitation.roles.${open.role}`),
    username: open.login.username,
  });

  /** The invitation a link names, with the words of its pages in the invitee's language; null when it is not open. */
  const invitationOf = async (token: string) => {
    const open = await openInvitation(db, token);
    if (!open) return null;
    const t = translator(open.language);
    return { open, t, words: wordsOf(open, t) };
  };

  const path = INVITATION_ACCEPT_PATH.replace(/^\/api/, '');
  const options = { schema: { querystring: ZInvitationQuery }, config: limit(30, 60_000) };

  app.get(path, options, async (request, reply) => {
    const invitation = await invitationOf(request.query.token);
    if (!invitation) return invalid(request, reply);
    const { open, t, words } = invitation;
    return page(reply, 200, {
      language: open.language,
      title: t('memberInvitation.page.title', words),
      paragraphs: [t('memberInvitation.page.ask', words), t('memberInvitation.page.password', words)],
      confirm: {
        label: t('memberInvitation.page.accept', words),
        action: `${INVITATION_ACCEPT_PATH}?token=${encodeURIComponent(request.query.token)}`,
      },
    });
  });

  app.post(path, options, async (request, reply) => {
    const invitation = await invitationOf(request.query.token);
    if (!invitation) return invalid(request, reply);
    const { open, t, words } = invitation;
    try {
      await acceptInvitation({ auth, db, lifecycle: accountLifecycle }, open, request.ip);
    } catch (error) {
      const refusal = error instanceof AppError ? REFUSALS[error.messageKey] : undefined;
      if (!refusal || !wantsPage(request)) throw error;
      return page(reply, 409, {
        language: open.language,
        title: t('memberInvitation.page.refusedTitle'),
        paragraphs: [t(refusal, words)],
        link: signIn(t),
      });
    }
    return page(reply, 200, {
      language: open.language,
      title: t('memberInvitation.page.doneTitle', words),
      paragraphs: [t('memberInvitation.page.done', words)],
      link: signIn(t),
    });
  });
};
