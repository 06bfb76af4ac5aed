import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Protection against cross-site requests for cookie-authenticated writes: a browser always names the page's origin
 * on a POST, PUT, PATCH or DELETE, and only our own pages may write with the session cookie. (SameSite=Lax cookies
 * are the first line; this is the second.) Requests without cookies, such as API-key clients, are not concerned.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that takes a form posted from another site and reads no cookie for its authority (see below). */
    crossSiteForm?: boolean;
  }
}

export function registerCrossSiteProtection(app: FastifyInstance, trustedOrigins: readonly string[]): void {
  const trusted = new Set(trustedOrigins);
  // A callback, not a promise, on every request (decision 149).
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return done();
    // A form another site posts by design (a SAML identity provider's answer), whose authority is its own signature.
    if (request.routeOptions.config?.crossSiteForm === true) return done();
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const crossSite = origin ? !trusted.has(origin) : fetchSite === 'cross-site' || fetchSite === 'same-site';
    done(crossSite ? new AppError('permission_denied', 'errors.crossSiteRequest') : undefined);
  });
}
