import { roleMay, ZAccountSummary, ZDeleteAccountRequest, ZOk, ZSettings } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAuditEvent } from '../audit/record-audit-event';
import { verifyPassword } from '../auth/verify-password';
import type { RouteDeps } from '../route-deps';
import { AppError } from '../platform/http/app-error';
import { perAddressLimit } from '../platform/http/rate-limit';
import { accountSummary } from './account-summary';
import { deleteAccount } from './delete-account';
import { signedInOf } from '../auth/session';
import { actorOf } from './require-actor';
import { readSettings, saveSettings } from './settings';

/** The signed-in person's account and settings, and deleting the account (its usage: faxes/usage-routes.ts). */
export const accountRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { auth, db, config, files, systemSettings, accountLifecycle, requireActor, requireSignedIn },
) => {
  const limit = perAddressLimit(config.rateLimitFactor);

  app.get('/account', { schema: { response: { 200: ZAccountSummary } }, preHandler: requireActor('anyRole') }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return accountSummary(db, actorOf(request).member, (await systemSettings.current()).welcomeMessage);
  });

  app.get('/settings', { schema: { response: { 200: ZSettings } }, preHandler: requireSignedIn() }, async (request) => {
    return readSettings(db, signedInOf(request).user.id, (await systemSettings.current()).defaultFaxResolution);
  });

  app.put('/settings', { schema: { body: ZSettings, response: { 200: ZSettings } }, preHandler: requireSignedIn() }, async (request) => {
    return saveSettings(db, signedInOf(request).user.id, request.body);
  });

  // 'Yes, delete my account' (spec 001 §2.5), with the owner's password.
  app.delete(
    '/account',
    // Any member gets this far: a role that may not delete the account is refused below, with its audit row.
    { schema: { body: ZDeleteAccountRequest, response: { 200: ZOk } }, config: limit(5, 15 * 60_000), preHandler: requireActor('anyRole') },
    async (request) => {
      const { user, member } = actorOf(request);
      const audit = (outcome: 'success' | 'denied', details?: Record<string, unknown>) =>
        recordAuditEvent(db, {
          actorUserId: user.id,
          accountId: member.accountId,
          ip: request.ip,
          action: 'account.delete',
          objectType: 'account',
          objectId: member.accountId,
          outcome,
          details,
        });
      if (!roleMay(member.role, 'deleteAccount')) {
        await audit('denied');
        throw new AppError('permission_denied', 'errors.forbidden');
      }
      if (!(await verifyPassword({ auth, db }, user.id, request.body.password))) {
        await audit('denied');
        throw new AppError('authentication_error', 'errors.incorrectPassword');
      }
      const removed = await deleteAccount({ db, files, lifecycle: accountLifecycle }, member.accountId);
      // The person's sessions went with them; the browser's cookie now names nothing.
      await audit('success', removed);
      return { ok: true as const };
    },
  );
};
