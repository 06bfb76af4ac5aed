import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers with a strict Content-Security-Policy: scripts only from our own origin; inline styles are allowed
 * because the toast and dialog libraries set element styles at run time.
 *
 * Helmet's own middleware, built once: @fastify/helmet builds it anew for every request (it parses the policy each
 * time, a tenth of a public request's time under load), and we use none of its per-route or nonce options.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { secureTransport: boolean }): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: for the avatar URL a person gives in their profile (spec 001 §2.4); never plain http.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(options.secureTransport ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only when PUBLIC_URL is https: on http://localhost it would break the next visit.
    strictTransportSecurity: options.secureTransport ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
}
