import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers with a strict Content-Security-Policy: scripts only from our own origin; inline styles are allowed
 * because the toast and dialog libraries set element styles at run time.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { secureTransport: boolean }): Promise<void> {
  await app.register(helmet, {
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
    hsts: options.secureTransport ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}
