import {
  MESSAGES,
  SHARE_TARGET,
  SHARE_TARGET_ACCEPTS,
  WEB_APP_MANIFEST_PATH,
  webPaths,
  ZWebAppManifest,
  type TWebAppManifest,
} from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../route-deps';

/** A home-screen label: the site's name when it fits under an icon (about 12 characters), else its first word. */
function shortNameOf(siteName: string): string {
  return siteName.length <= 12 ? siteName : (siteName.split(/\s+/)[0] ?? siteName).slice(0, 12);
}

/**
 * GET /manifest.webmanifest (decision 132): the installed app's manifest, written from the back office's settings when
 * asked, so that a new site name or primary colour reaches the next install and the browser's next manifest check
 * without a rebuild. The icons are the build's (made from the favicon, apps/web/pwa-assets.config.mjs).
 */
export const webAppManifestRoutes: FastifyPluginAsyncZod<Pick<RouteDeps, 'systemSettings'>> = async (app, { systemSettings }) => {
  app.get(WEB_APP_MANIFEST_PATH, { schema: { response: { 200: ZWebAppManifest } } }, async (request, reply) => {
    const { siteName, primaryColor } = await systemSettings.publicInfo();
    const manifest: TWebAppManifest = {
      // The app's identity stays the same when the start page moves.
      id: '/',
      name: siteName,
      short_name: shortNameOf(siteName),
      description: MESSAGES[request.language].webApp.description,
      lang: request.language,
      start_url: webPaths.user.dashboard.path,
      scope: '/',
      display: 'standalone',
      theme_color: primaryColor,
      // The splash screen behind the icon: the pages' own white, so the first paint does not flash another colour.
      background_color: '#ffffff',
      icons: [
        { src: '/pwa-64x64.png', sizes: '64x64', type: 'image/png' },
        { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
        { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      share_target: {
        action: SHARE_TARGET.action,
        method: 'POST',
        enctype: 'multipart/form-data',
        params: { files: [{ name: SHARE_TARGET.filesField, accept: [...SHARE_TARGET_ACCEPTS] }] },
      },
    };
    // Asked again at each visit (the settings may have changed), in the language the browser asked for.
    reply.header('cache-control', 'no-cache').header('vary', 'accept-language').type('application/manifest+json');
    return manifest;
  });

  // The share target without the service worker to take it (a share in the moment before the worker starts, or after
  // the browser evicted it): the files cannot be kept for the page, so the person lands on the send page, which says
  // they did not arrive and to share or attach them again. Answered before the body is read: nothing is kept.
  app.post(SHARE_TARGET.action, {
    // The system's share sheet posts it; it reads no cookie and changes nothing, so where it came from does not matter.
    config: { crossSiteForm: true },
    onRequest: async (_request, reply) => reply.redirect(`${webPaths.user.sendFax.path}?shared=${SHARE_TARGET.lost}`, 303),
    handler: async () => undefined,
  });
};
