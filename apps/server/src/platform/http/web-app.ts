import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from './error-handler';
import { withPageHead, type TPageHead } from './page-head';

/** The head of a page whose content the server holds (a blog post, a written page); null: index.html as built. */
export type PageHeadOf = (pathname: string, request: FastifyRequest) => Promise<TPageHead | null>;

/**
 * Serves the built web app with SPA fallback: a GET for a page that is not a file gets index.html, and the React
 * router takes it from there. Unknown `/api` paths and non-page requests get a JSON 404 instead.
 *
 * The web build writes brotli and gzip copies beside its text files (`app.js.br`, `app.js.gz`): a browser that accepts
 * one gets it, the others the file itself, so nothing is compressed per request.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined, pageHeadOf?: PageHeadOf): Promise<void> {
  const hasWebApp = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Files are looked up when asked for, not listed at start: a new build's files are served without a restart.
      wildcard: true,
      // A list, not a string: only a list lets the plugin find index.html.br for `/`.
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false, // set below, per file
      setHeaders: (res, filePath) => {
        // Hashed assets never change; index.html must always be fetched fresh to pick up a new release.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same address answers differently by Accept-Encoding: caches must keep the answers apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send(errorBody(request, 'not_found', 'errors.routeNotFound', { method: request.method, path: pathname }));
    }
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname);
    if (hasWebApp && wantsPage) {
      // Crawlers and link previews do not run the web app: the pages the server holds get their head in the HTML itself.
      const head = pageHeadOf ? await pageHeadOf(pathname, request) : null;
      if (head) {
        const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(withPageHead(html, head));
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send(errorBody(request, 'not_found', 'errors.notFound'));
  });
}
