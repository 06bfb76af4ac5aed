import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { TLanguage } from '@faxline/shared';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberRoutes } from './accounts/members-routes';
import { accountAuditRoutes } from './accounts/account-audit-routes';
import { accountSecurityRoutes } from './accounts/security-routes';
import { sessionRoutes } from './auth/session-routes';
import { accountRoutes } from './accounts/routes';
import { adminUserRoutes } from './accounts/admin-users-routes';
import { planUse } from './accounts/plan-use';
import { adminAnalyticsRoutes } from './admin/analytics-routes';
import { guardBackOffice } from './admin/back-office-guard';
import { adminDashboardRoutes } from './admin/dashboard-routes';
import { adminRevenueRoutes } from './admin/revenue-routes';
import { adminAccessRoutes, adminSessionRoutes } from './admin/routes';
import { adminAuditRoutes } from './audit/admin-routes';
import { adminContentRoutes } from './content/admin-routes';
import { adminNumberRoutes } from './numbers/admin-routes';
import { adminPortingRoutes } from './porting/admin-routes';
import { portingRoutes } from './porting/routes';
import { adminPlanRoutes } from './plans/admin-routes';
import { adminTicketRoutes } from './tickets/admin-routes';
import { adminBellRoutes } from './bells/admin-routes';
import { adminBackupRoutes } from './backups/admin-routes';
import { bellRoutes } from './bells/routes';
import type { Auth } from './auth/auth';
import { authRoutes } from './auth/routes';
import { signUpRoutes } from './accounts/sign-up-routes';
import { twoFactorRoutes } from './auth/two-factor-routes';
import { signInLinkRoutes } from './auth/sign-in-link-routes';
import { ssoPasswordPolicy } from './sso/password-policy';
import { ssoSettingsRoutes } from './sso/routes';
import { ssoSignInRoutes } from './sso/sign-in-routes';
import type { ResolveTxt } from './sso/domains';
import { createSessionReader } from './auth/session';
import { passwordPolicyOfPerson } from './accounts/security-policy';
import { idsOfPeopleMatching, peopleNamed } from './auth/people';
import { createActorGuards } from './accounts/require-actor';
import { accountLifecycle } from './account-lifecycle';
import type { FileStore } from './platform/files/encrypted-file-store';
import { mailboxRoutes } from './email/mailbox-routes';
import { faxInboundCalls } from './faxes/receive-call';
import { faxRoutes } from './faxes/routes';
import { broadcastRoutes } from './faxes/broadcast-routes';
import { faxStationRoutes } from './faxes/station-routes';
import { usageRoutes } from './faxes/usage-routes';
import { healthRoutes } from './health/routes';
import { registerMetrics } from './metrics/routes';
import { withRequestId } from './platform/request-context';
import { connectRedis } from './platform/redis';
import { hylafaxRoutes } from './lines/hylafax/hylafax-routes';
import { createPlanCatalogue } from './plans/catalogue';
import { planRoutes } from './plans/routes';
import { registerSystemSettingsEffects } from './system-settings/effects';
import { blocklistRoutes } from './blocklist/routes';
import { contactRoutes } from './contacts/routes';
import { apiKeyRoutes } from './api-keys/routes';
import { dataExportRoutes } from './data-export/routes';
import { billingInForce } from './billing/billing-providers';
import { paymentFailureRoutes } from './billing/payment-failure-routes';
import { billingRoutes } from './billing/routes';
import { planChangeRoutes } from './billing/plan-change-routes';
import { invoiceRoutes } from './billing/invoice-routes';
import { baaRoutes } from './billing/baa-routes';
import { billingProfileRoutes } from './billing/profile-routes';
import { billingUsageRoutes } from './billing/usage-routes';
import { billingWebhookRoutes } from './billing/webhook-routes';
import { adminPromotionRoutes } from './billing/promotions/admin-routes';
import { adminInternationalRateRoutes, internationalRateRoutes } from './billing/international-rate-routes';
import { adminBillingRoutes } from './billing/admin-billing-routes';
import { publicPromotionRoutes } from './billing/promotions/public-routes';
import { webhookRoutes } from './webhooks/routes';
import { pushRoutes } from './push/routes';
import { registerPublicApi } from './public-api/routes';
import { installationSecretOf } from './platform/local-secret';
import { createAuthorizationServer } from './oauth/provider';
import { oauthPortalRoutes, registerAuthorizationServer } from './oauth/routes';
import { agentPortalRoutes, registerMcpServer } from './mcp/routes';
import { registerScim } from './scim/routes';
import { scimSettingsRoutes } from './scim/settings-routes';
import { faxIdentityRoutes } from './numbers/fax-identity-routes';
import { accountNumberRoutes } from './number-choice/routes';
import { faxEmailSettingsRoutes } from './fax-emails/fax-email-settings-routes';
import { faxTextRoutes } from './fax-text/routes';
import { faxPlacementRoutes } from './faxes/placement-routes';
import { inboxRoutes } from './faxes/inbox-routes';
import { routingRoutes } from './routing/routes';
import { fhirRoutes } from './fhir/routes';
import { retentionRoutes } from './retention/routes';
import { zeroFootprintAfterDownload } from './retention/after-download';
import { activeHoldsOf, holdsCovering } from './retention/holds';
import { senderConfirmationRoutes } from './email-to-fax/confirmation-routes';
import { emailToFaxSettingsRoutes } from './email-to-fax/settings-routes';
import { unsubscribeRoutes } from './fax-emails/unsubscribe-routes';
import { receiptDownloadRoutes, receiptKeyRoutes, receiptVerifyRoutes } from './receipts/routes';
import { mediaRoutes } from './faxes/media-routes';
import { carrierWebhookRoutes } from './faxes/carrier-webhook-routes';
import { webAppManifestRoutes } from './system-settings/manifest-routes';
import { adminSettingsRoutes, platformInfoRoutes } from './system-settings/routes';
import { createSystemSettings } from './system-settings/system-settings';
import { ticketRoutes } from './tickets/routes';
import { contentRoutes } from './content/routes';
import { contentFeedRoutes } from './content/feed-routes';
import { clientDownloadRoutes } from './downloads/routes';
import { contentPageHeads } from './content/page-head';
import { reviewRoutes } from './reviews/routes';
import { adminReviewRoutes } from './reviews/admin-routes';
import type { TConfig } from './platform/config';
import type { DatabaseHandle } from './platform/db/client';
import type { DatabaseNotifications } from './platform/db/notifications';
import { negotiateLanguage } from './platform/i18n/i18n';
import { registerCrossSiteProtection } from './platform/http/cross-site';
import { answerFrameworkError, registerErrorHandling } from './platform/http/error-handler';
import { registerSecurityHeaders } from './platform/http/security';
import type { RouteDeps } from './route-deps';
import { registerWebApp } from './platform/http/web-app';
import type { Logger } from './platform/logger';
import type { Queue } from './platform/queue/queue';
import { adminAnnouncementRoutes } from './announcements/admin-routes';
import { adminLineProfileRoutes } from './line-profiles/admin-routes';
import { announcementRoutes } from './announcements/routes';
import { deliveryRecordRoutes } from './delivery-record/routes';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's answers (from Accept-Language; later the person's own choice). */
    language: TLanguage;
  }
  interface FastifyInstance {
    /** Every route registered with its schemas, for tests that must cover all of them (every /api/admin route, generated requests). */
    routeList: Array<Pick<RouteOptions, 'method' | 'url' | 'schema'>>;
  }
}

export type AppDeps = {
  config: TConfig;
  logger: Logger;
  database: DatabaseHandle;
  /** LISTEN/NOTIFY between processes (cache invalidation, job wake-ups). */
  notifications: DatabaseNotifications;
  queue: Queue;
  auth: Auth;
  files: FileStore;
  isShuttingDown: () => boolean;
  /** Whether this process can serve at all (false once its embedded database could not be started again); /healthz. */
  canServe?: () => boolean;
  /** The DNS TXT look-up that proves an e-mail domain for single sign-on: the system resolver unless a test gives one. */
  resolveTxt?: ResolveTxt;
};

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Every method but a read may change data; a read route that does (opening a fax marks it read) says so. */
const mayChangeData = (request: FastifyRequest) => !READS.has(request.method) || request.routeOptions.config.changesData === true;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET route that changes data (see mayChangeData). */
    changesData?: boolean;
  }
}

/** The HTTP application, without listening: `main` listens, tests use `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, queue, auth } = deps;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    // Behind a trusted proxy, keep its request id so one id follows the request through every log.
    requestIdHeader: config.trustProxy ? 'x-request-id' : false,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('routeList', []);
  app.addHook('onRoute', (route) => void app.routeList.push({ method: route.method, url: route.url, schema: route.schema }));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('language', 'en');
  // Hooks that run on every request take a callback where they wait for nothing: a promise less each (decision 149).
  app.addHook('onRequest', (request, reply, done) => {
    request.language = negotiateLanguage(request.headers['accept-language']);
    reply.header('x-request-id', request.id);
    // The rest of the request runs as part of it: the jobs it queues carry its id (platform/request-context.ts).
    withRequestId(request.id, done);
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app, { secureTransport: config.secureTransport });
  registerCrossSiteProtection(app, config.trustedOrigins);
  // Limits are set per route (sign-in, sign-up, password reset...); in memory by default, in Redis (REDIS_URL) when
  // several servers must count together. Redis out of reach lets requests through rather than refuse them all.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, deps.logger) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, { global: false, ...(redis ? { redis, skipOnError: true, nameSpace: 'faxline-limit:' } : {}) });

  await app.register(healthRoutes, {
    checks: { database: database.ping, queue: queue.ping, isShuttingDown: deps.isShuttingDown, canServe: deps.canServe ?? (() => true) },
  });
  // Prometheus's figures: on the root app, so that its timing hook sees every route.
  await registerMetrics(app, { db: database.db, config });
  // The platform settings (back office), read by many routes; their secrets are sealed with the installation's secret.
  const systemSettings = createSystemSettings(database.db, auth.options.secret!, deps.notifications);
  // The plan catalogue, the same for everyone, kept in memory like the settings; both follow edits from any process.
  const planCatalogue = createPlanCatalogue(database.db, deps.notifications);
  app.addHook('onClose', async () => {
    systemSettings.close();
    planCatalogue.close();
  });
  const sessions = createSessionReader({ auth, db: database.db, config, notifications: deps.notifications });
  const billing = billingInForce({ config, systemSettings });
  const lifecycle = accountLifecycle({ db: database.db, billing });
  const routeDeps: RouteDeps = {
    auth,
    sessions,
    db: database.db,
    config,
    systemSettings,
    files: deps.files,
    queue,
    planCatalogue,
    planUse,
    notifications: deps.notifications,
    auditPeople: { idsMatching: idsOfPeopleMatching, named: peopleNamed },
    passwordPolicyOf: passwordPolicyOfPerson,
    accountLifecycle: lifecycle,
    billing,
    faxDocumentDownloaded: zeroFootprintAfterDownload({ db: database.db, queue }),
    faxOnHold: async (fax) => holdsCovering(await activeHoldsOf(database.db, fax.accountId), fax).length > 0,
    passwordSignInPolicy: ssoPasswordPolicy({ db: database.db, systemSettings }),
    ...createActorGuards({ db: database.db, sessions, lifecycle }),
  };
  // Read-your-writes for the caches that follow the database's notifications (decision 035): a request that may have
  // changed something answers once this process has heard of its own change, so the next read shows it.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!mayChangeData(request)) return done(null, payload);
    deps.notifications.caughtUp().then(() => done(null, payload), done);
  });
  // Anyone may fetch the key that checks a transmission report, with no session and outside maintenance.
  await app.register(receiptKeyRoutes, routeDeps);
  // A carrier fetches a fax's pages by its media link, with no session and outside maintenance.
  await app.register(mediaRoutes, routeDeps);
  // Faxline's OAuth 2.1 server for apps and AI agents (decision 130); its tokens open the MCP server and /v1 (135).
  const authorizationServer = createAuthorizationServer({
    db: database.db,
    publicUrl: config.publicUrl,
    secret: await installationSecretOf(config),
    trustProxy: Boolean(config.trustProxy),
  });
  await app.register(
    async (api) => {
      await registerSystemSettingsEffects(api, routeDeps);
      await api.register(platformInfoRoutes, routeDeps);
      await api.register(signUpRoutes, routeDeps);
      await api.register(authRoutes, routeDeps);
      await api.register(twoFactorRoutes, routeDeps);
      await api.register(signInLinkRoutes, routeDeps);
      await api.register(adminAccessRoutes, routeDeps);
      // The back office (spec 001 §2.11): one guarded scope, into which each capability puts its own admin routes.
      await api.register(
        async (backOffice) => {
          guardBackOffice(backOffice, routeDeps);
          await backOffice.register(adminSessionRoutes);
          for (const section of [
            adminDashboardRoutes,
            adminUserRoutes,
            adminPlanRoutes,
            adminNumberRoutes,
            adminAnalyticsRoutes,
            adminRevenueRoutes,
            adminTicketRoutes,
            adminContentRoutes,
            adminReviewRoutes,
            adminAuditRoutes,
            adminSettingsRoutes,
            adminBellRoutes,
            adminBackupRoutes,
            adminPromotionRoutes,
            adminBillingRoutes,
            adminInternationalRateRoutes,
            adminAnnouncementRoutes,
            adminPortingRoutes,
            adminLineProfileRoutes,
          ])
            await backOffice.register(section, routeDeps);
        },
        { prefix: '/admin' },
      );
      await api.register(planRoutes, { planCatalogue });
      await api.register(publicPromotionRoutes, routeDeps);
      await api.register(internationalRateRoutes, routeDeps);
      await api.register(ticketRoutes, routeDeps);
      await api.register(contentRoutes, { db: database.db });
      await api.register(reviewRoutes, routeDeps);
      await api.register(faxRoutes, routeDeps);
      await api.register(broadcastRoutes, routeDeps);
      await api.register(faxStationRoutes, routeDeps);
      await api.register(receiptDownloadRoutes, routeDeps);
      await api.register(bellRoutes, routeDeps);
      await api.register(pushRoutes, routeDeps);
      await api.register(accountRoutes, routeDeps);
      await api.register(usageRoutes, routeDeps);
      await api.register(memberRoutes, routeDeps);
      await api.register(sessionRoutes, routeDeps);
      await api.register(accountSecurityRoutes, routeDeps);
      await api.register(accountAuditRoutes, routeDeps);
      await api.register(blocklistRoutes, routeDeps);
      await api.register(contactRoutes, routeDeps);
      await api.register(apiKeyRoutes, routeDeps);
      await api.register(oauthPortalRoutes, { ...routeDeps, authorizationServer });
      await api.register(agentPortalRoutes, routeDeps);
      await api.register(dataExportRoutes, routeDeps);
      await api.register(billingRoutes, routeDeps);
      await api.register(planChangeRoutes, routeDeps);
      await api.register(paymentFailureRoutes, routeDeps);
      await api.register(billingProfileRoutes, routeDeps);
      await api.register(invoiceRoutes, routeDeps);
      await api.register(baaRoutes, routeDeps);
      await api.register(billingUsageRoutes, routeDeps);
      await api.register(webhookRoutes, routeDeps);
      await api.register(faxIdentityRoutes, routeDeps);
      await api.register(accountNumberRoutes, routeDeps);
      await api.register(faxEmailSettingsRoutes, routeDeps);
      await api.register(faxTextRoutes, routeDeps);
      await api.register(inboxRoutes, routeDeps);
      await api.register(faxPlacementRoutes, routeDeps);
      await api.register(routingRoutes, routeDeps);
      await api.register(fhirRoutes, routeDeps);
      await api.register(scimSettingsRoutes, routeDeps);
      await api.register(ssoSettingsRoutes, { ...routeDeps, resolveTxt: deps.resolveTxt });
      await api.register(ssoSignInRoutes, routeDeps);
      await api.register(emailToFaxSettingsRoutes, routeDeps);
      await api.register(retentionRoutes, routeDeps);
      await api.register(announcementRoutes, routeDeps);
      await api.register(deliveryRecordRoutes, routeDeps);
      await api.register(portingRoutes, routeDeps);
      // The link an allowed e-mail sender's owner follows: its secret is the authority, no session (decision 064).
      await api.register(senderConfirmationRoutes, routeDeps);
      // The unsubscribe link of fax e-mails: its signed token is the authority, no session.
      await api.register(unsubscribeRoutes, routeDeps);
      await api.register(receiptVerifyRoutes, routeDeps);
      // A line's reports, signed by the line (HylaFAX's faxrcvd hook): registered when its secret is configured.
      await api.register(carrierWebhookRoutes, routeDeps);
      // The payment provider's events, signed by it: no session.
      await api.register(billingWebhookRoutes, routeDeps);
      await api.register(hylafaxRoutes, { config, inboundCalls: faxInboundCalls({ db: database.db, files: deps.files }) });
    },
    { prefix: '/api' },
  );
  // The public REST API, with API keys instead of sessions.
  await registerPublicApi(app, routeDeps, redis, authorizationServer);
  await registerAuthorizationServer(app, authorizationServer);
  await registerMcpServer(app, routeDeps, authorizationServer);
  await registerScim(app, routeDeps);
  if (config.devMailbox) await app.register(mailboxRoutes, { db: database.db });

  // The sitemap and the blog's feed, and the head of the pages the server holds, for those who do not run the web app.
  await app.register(contentFeedRoutes, routeDeps);
  // The installed app's manifest, from the back office's name and colour (decision 132).
  await app.register(webAppManifestRoutes, routeDeps);
  // The client libraries, built with the server (packages/client): /downloads.
  await app.register(clientDownloadRoutes, routeDeps);
  const contentHeads = contentPageHeads(routeDeps);
  await registerWebApp(app, config.webDistDir, (pathname, request) => contentHeads(pathname, request.language));
  return app;
}
