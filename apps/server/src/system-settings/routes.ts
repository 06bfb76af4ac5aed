import { ZPlatformInfo, ZSaveSystemSettingsRequest, ZSystemSettingsResponse } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../route-deps';
import { recordAuditEvent } from '../audit/record-audit-event';
import { linesInForce } from '../lines/lines-in-force';
import { checkCarrierSettings } from './carrier-settings';
import { checkPayPalSettings, paypalFromEnvironment } from './paypal-settings';
import { checkStripeSettings, stripeFromEnvironment } from './stripe-settings';

/**
 * GET /api/platform: maintenance, limits and theme, for every page (no session needed), and which numbers outside
 * Faxline the sandbox line takes (the send page says so).
 */
export const platformInfoRoutes: FastifyPluginAsyncZod<Pick<RouteDeps, 'systemSettings' | 'config'>> = async (
  app,
  { systemSettings, config },
) => {
  app.get('/platform', { schema: { response: { 200: ZPlatformInfo } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const outsideLine = (await linesInForce({ config, systemSettings })).outsideNumbersServed;
    return {
      ...(await systemSettings.publicInfo()),
      sandboxLine: config.sandboxLine,
      outsideLine,
      faxEmailDomain: config.emailToFax.domain,
    };
  });
};

/** /api/admin/settings (spec 001 §2.11): read, save and reset the platform settings; secrets never leave in full. */
export const adminSettingsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, systemSettings, config }) => {
  const audit = (actorUserId: string, ip: string, action: 'settings.update' | 'settings.reset', details: Record<string, unknown>) =>
    recordAuditEvent(db, {
      actorUserId,
      accountId: null,
      ip,
      action,
      objectType: 'system_settings',
      objectId: null,
      outcome: 'success',
      details,
    });

  const view = async () => ({
    ...(await systemSettings.adminView()),
    carriersFromEnvironment: config.carriersFromEnvironment,
    stripeFromEnvironment: stripeFromEnvironment(config),
    paypalFromEnvironment: paypalFromEnvironment(config),
  });

  app.get('/settings', { schema: { response: { 200: ZSystemSettingsResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return view();
  });

  app.put('/settings', { schema: { body: ZSaveSystemSettingsRequest, response: { 200: ZSystemSettingsResponse } } }, async (request) => {
    const actor = request.adminAccess!.session.user.id;
    const before = await systemSettings.current();
    const stored = await systemSettings.adminView();
    checkCarrierSettings(request.body, stored, config);
    checkStripeSettings(request.body, stored, config);
    checkPayPalSettings(request.body, stored, config);
    await systemSettings.save(request.body, actor);
    // Which settings changed (names only for secrets: their values are never written anywhere in clear).
    const changed = Object.keys(request.body.values).filter(
      (key) => before[key as keyof typeof before] !== request.body.values[key as keyof typeof before],
    );
    await audit(actor, request.ip, 'settings.update', { changed, secretsChanged: Object.keys(request.body.secrets) });
    return view();
  });

  app.post('/settings/reset', { schema: { response: { 200: ZSystemSettingsResponse } } }, async (request) => {
    const actor = request.adminAccess!.session.user.id;
    await systemSettings.reset(actor);
    await audit(actor, request.ip, 'settings.reset', {});
    return view();
  });
};
