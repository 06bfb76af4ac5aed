import { Resolver } from 'node:dns/promises';
import { ZSsoConnectionChange, ZSsoDomainParams, ZSsoDomainRequest, ZSsoSettingsResponse } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { readSsoSettings, removeSsoConnection, saveSsoConnection } from './connection';
import { addSsoDomain, removeSsoDomain, verifySsoDomain, type ResolveTxt } from './domains';
import { assertSsoOnPlatform } from './service-provider';

/** The system resolver, or the DNS servers the configuration names (DNS_SERVERS). */
function resolverOf(servers: string[] | null): ResolveTxt {
  const resolver = new Resolver({ timeout: 5_000, tries: 2 });
  if (servers) resolver.setServers(servers);
  return (name) => resolver.resolveTxt(name);
}

export type SsoRouteDeps = RouteDeps & { resolveTxt?: ResolveTxt | undefined };

/**
 * The account's single sign-on (decision 106), kept by its owner: the identity provider, the e-mail domains and their
 * proof, the role given to new people and whether SSO is required. Each answer is the whole section as it now stands.
 */
export const ssoSettingsRoutes: FastifyPluginAsyncZod<SsoRouteDeps> = async (app, deps) => {
  const { db, config, systemSettings, requireActor } = deps;
  const resolveTxt = deps.resolveTxt ?? resolverOf(config.dnsServers);
  const settingsDeps = { db, config, systemSettings };
  const owner = { preHandler: requireActor('manageSso') };
  const answer = { 200: ZSsoSettingsResponse };
  const settingsOf = (accountId: string) => readSsoSettings(settingsDeps, accountId);

  app.get('/sso', { schema: { response: answer }, ...owner }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return settingsOf(actorOf(request).member.accountId);
  });

  app.put('/sso/connection', { schema: { body: ZSsoConnectionChange, response: answer }, ...owner }, async (request) =>
    saveSsoConnection(settingsDeps, actorOf(request), request.body),
  );

  app.delete('/sso/connection', { schema: { response: answer }, ...owner }, async (request) =>
    removeSsoConnection(settingsDeps, actorOf(request)),
  );

  app.post('/sso/domains', { schema: { body: ZSsoDomainRequest, response: answer }, ...owner }, async (request) => {
    await assertSsoOnPlatform(systemSettings);
    await addSsoDomain(db, actorOf(request), request.body.domain);
    return settingsOf(actorOf(request).member.accountId);
  });

  app.delete('/sso/domains/:domain', { schema: { params: ZSsoDomainParams, response: answer }, ...owner }, async (request) => {
    await removeSsoDomain(db, actorOf(request), request.params.domain);
    return settingsOf(actorOf(request).member.accountId);
  });

  app.post('/sso/domains/:domain/verify', { schema: { params: ZSsoDomainParams, response: answer }, ...owner }, async (request) => {
    await assertSsoOnPlatform(systemSettings);
    await verifySsoDomain({ db, resolveTxt }, actorOf(request), request.params.domain);
    return settingsOf(actorOf(request).member.accountId);
  });
};
