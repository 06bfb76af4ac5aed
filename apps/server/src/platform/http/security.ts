import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers with a strict Content-Security-Policy: scripts only from our own origin; inline styles are allowed
 * because the toast and dialog libraries set element styles at run time.
 *
 * Helmet's headers, worked out once: @fastify/helmet builds its middleware anew for every request (it parses the policy
 * each time, a tenth of a public request's time under load), and even built once helmet writes the policy again and
 * walks its chain of middlewares on every request. We use none of its per-route, per-request or nonce options, so the
 * headers are the same for every answer: helmet writes them once, onto a response that records them, at start-up.
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
  const headers = headersWrittenBy(setHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/** The headers a middleware sets on a response, in order (one that does not finish at once fails here). */
export function headersWrittenBy(middleware: Middleware): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => void headers.set(name, value),
    // Helmet takes away X-Powered-By, which neither Node nor Fastify writes.
    removeHeader: (name: string) => void headers.delete(name),
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('The security headers middleware did not finish at once');
  return [...headers];
}
