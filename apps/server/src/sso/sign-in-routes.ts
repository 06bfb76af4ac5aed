import { webPaths, ZSamlPostBody, ZSsoAccountParams, ZSsoDiscoveryQuery, ZSsoDiscoveryResponse, type TSsoFailure } from '@faxline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../platform/http/app-error';
import { perAddressLimit } from '../platform/http/rate-limit';
import type { RouteDeps } from '../route-deps';
import { connectionRow } from './connection';
import { auditRefusal } from './finish-sign-in';
import { SsoRefusal } from './join-person';
import { finishOidcSignIn, startOidcSignIn } from './oidc-flow';
import { finishSamlSignIn, samlOf, startSamlSignIn } from './saml-flow';
import { ssoOnPlatform } from './service-provider';
import { ssoAccountOfEmail } from './sso-account';

const minute = 60_000;

/**
 * Signing in through an account's identity provider (decision 106): the sign-in page's question, the start (a redirect
 * to the provider), the provider's answers (OIDC's redirect, SAML's POST) and the SAML metadata to give the provider.
 * The answers end on a web page: the person signed in, or the sign-in page saying why not (`?sso=<reason>`).
 */
export const ssoSignInRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { auth, db, config, systemSettings } = deps;
  const limit = perAddressLimit(config.rateLimitFactor);
  const signInDeps = { auth, db, config };
  // The identity provider's POST binding is an HTML form: its one field is read as a string.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 600_000 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const back = (reply: FastifyReply, reason: TSsoFailure) => reply.redirect(`${webPaths.signIn.path}?sso=${reason}`, 303);
  const refused = async (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof SsoRefusal)) throw error;
    request.log.info({ reason: error.reason, detail: error.detail }, 'single sign-on refused');
    await auditRefusal(db, request, error);
    return back(reply, error.reason);
  };

  // Whether the address's domain signs in through an identity provider: a yes or no, nothing of the account.
  app.get(
    '/sso/discover',
    { schema: { querystring: ZSsoDiscoveryQuery, response: { 200: ZSsoDiscoveryResponse } }, config: limit(30, minute) },
    async (request) => ({ sso: (await ssoAccountOfEmail({ db, systemSettings }, request.query.email)) !== null }),
  );

  app.get('/sso/start', { schema: { querystring: ZSsoDiscoveryQuery }, config: limit(20, minute) }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const found = await ssoAccountOfEmail({ db, systemSettings }, request.query.email);
    if (!found) return back(reply, (await ssoOnPlatform(systemSettings)) ? 'no_connection' : 'unavailable');
    const { connection } = found;
    try {
      const url =
        connection.protocol === 'oidc'
          ? await startOidcSignIn({ db, config }, reply, connection, request.query.email)
          : await startSamlSignIn({ db, config }, connection);
      return reply.redirect(url, 303);
    } catch (error) {
      // The provider could not be reached (discovery): said on the sign-in page, kept in the log.
      request.log.warn({ err: error }, 'single sign-on could not start');
      return back(reply, 'unavailable');
    }
  });

  app.get('/sso/oidc/callback', { config: limit(20, minute) }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!(await ssoOnPlatform(systemSettings))) return back(reply, 'unavailable');
    try {
      await finishOidcSignIn({ ...signInDeps, connectionOf: (accountId) => connectionRow(db, accountId) }, request, reply);
    } catch (error) {
      return refused(request, reply, error);
    }
    return reply.redirect(webPaths.user.dashboard.path, 303);
  });

  // The identity provider's form, posted from its own site: the signed assertion is the authority, not a cookie.
  app.post(
    '/sso/saml/:accountId/acs',
    { schema: { params: ZSsoAccountParams, body: ZSamlPostBody }, config: { ...limit(20, minute), crossSiteForm: true } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await ssoOnPlatform(systemSettings))) return back(reply, 'unavailable');
      const connection = await connectionRow(db, request.params.accountId);
      try {
        if (!connection || connection.protocol !== 'saml') throw new SsoRefusal('no_connection');
        await finishSamlSignIn(signInDeps, request, reply, connection, request.body.SAMLResponse);
      } catch (error) {
        return refused(request, reply, error);
      }
      return reply.redirect(webPaths.user.dashboard.path, 303);
    },
  );

  // Faxline's SAML metadata for an account, at a stable URL the identity provider may read at any time.
  app.get('/sso/saml/:accountId/metadata', { schema: { params: ZSsoAccountParams } }, async (request, reply) => {
    const connection = await connectionRow(db, request.params.accountId);
    if (!connection || connection.protocol !== 'saml') throw new AppError('not_found', 'sso.notConnected');
    return reply
      .type('application/samlmetadata+xml; charset=utf-8')
      .send(samlOf({ db, config }, connection).generateServiceProviderMetadata(null, null));
  });
};
