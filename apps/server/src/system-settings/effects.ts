import { createHash } from 'node:crypto';
import type { TSystemSettingsValues } from '@faxline/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPlatformAdmin } from '../auth/platform-role';
import { loadSession } from '../auth/session';
import type { RouteDeps } from '../route-deps';
import { AppError } from '../platform/http/app-error';

/** What a person needs while the platform is in maintenance: to know it, and to sign in (admins work on). */
const OPEN_DURING_MAINTENANCE = [
  '/api/platform',
  '/api/auth/session',
  '/api/auth/sign-in',
  '/api/auth/sign-out',
  '/api/auth/two-factor',
  '/api/admin-access',
  // The delivery record and its incident notices (decision 122): what a customer looks for while Faxline is down.
  '/api/status',
];
const isOpenDuringMaintenance = (url: string) =>
  url.startsWith('/api/admin/') || OPEN_DURING_MAINTENANCE.some((path) => url === path || url.startsWith(`${path}?`));

/** The API limit counts per session when there is one (people of one office share an address), else per address. */
function rateLimitKey(request: FastifyRequest): string {
  const token = /(?:^|;\s*)[\w.-]*session_token=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  return token ? `session:${createHash('sha256').update(token).digest('hex')}` : `address:${request.ip}`;
}

/**
 * The system settings that act on every API request: the API rate limit (requests per window, scaled by
 * RATE_LIMIT_FACTOR like every limit; the back office itself is exempt so an admin can always undo a bad value, and so
 * are the payment provider's signed webhooks),
 * maintenance mode (503 to everyone but platform admins), and require2FA (read here for the session checks).
 */
export async function registerSystemSettingsEffects(api: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { systemSettings, config } = deps;
  const sessionDeps = deps.sessions;

  // The settings each request is checked against, read once by the hook below for all it checks (the limit too: its
  // maximum and window are asked for only from there, and synchronously, a promise less each).
  const settingsOf = new WeakMap<FastifyRequest, TSystemSettingsValues>();
  const inForce = (request: FastifyRequest) => {
    const settings = settingsOf.get(request);
    if (!settings) throw new Error('The API limit was checked before the request read the settings in force');
    return settings;
  };

  // createRateLimit, not rateLimit: the latter marks the request as limited, which would skip the stricter limits of
  // single routes (sign-in, contact form) that run after it.
  const checkApiLimit = api.createRateLimit({
    max: (request) => Math.round(inForce(request).apiRateLimit * config.rateLimitFactor),
    timeWindow: (request) => inForce(request).apiRateLimitWindowMinutes * 60_000,
    keyGenerator: rateLimitKey,
    // A payment provider's signed webhooks come in bursts from a few addresses (a renewal is five events): not a person's.
    allowList: (request) => request.url.startsWith('/api/admin') || request.url === '/api/billing/stripe/webhook',
  });

  // One hook for the three: each hook and each settings read is a promise on every request of the API.
  api.addHook('onRequest', async (request, reply) => {
    // Those this process holds (every request but about one a minute), else read: no promise for what is known.
    const settings = systemSettings.known() ?? (await systemSettings.current());
    settingsOf.set(request, settings);
    request.platformRequiresTwoFactor = settings.require2FA === 'required';

    const limit = await checkApiLimit(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', String(limit.ttlInSeconds));
      throw new AppError('rate_limited', 'errors.rateLimited');
    }

    if (!settings.maintenanceMode || isOpenDuringMaintenance(request.url)) return;
    // Read from the database (maintenance is rare): whether the person is an admin now, not a minute ago.
    const current = await loadSession(sessionDeps, request, reply, { fresh: true });
    if (isPlatformAdmin(current?.user)) return;
    throw new AppError('unavailable', 'errors.maintenance');
  });
}
