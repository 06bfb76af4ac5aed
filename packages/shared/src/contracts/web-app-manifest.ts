import { z } from 'zod';
import { SHARE_TARGET } from '../installed-app';

/** The web app manifest the server writes from the back office's settings (GET /manifest.webmanifest, decision 132). */
const ZManifestIcon = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.literal('image/png'),
  purpose: z.enum(['any', 'maskable']).optional(),
});

/** The members of the W3C manifest Faxline writes (https://www.w3.org/TR/appmanifest/). */
export const ZWebAppManifest = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  lang: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(ZManifestIcon),
  share_target: z.object({
    action: z.literal(SHARE_TARGET.action),
    method: z.literal('POST'),
    enctype: z.literal('multipart/form-data'),
    params: z.object({
      files: z.array(z.object({ name: z.literal(SHARE_TARGET.filesField), accept: z.array(z.string()) })),
    }),
  }),
});
export type TWebAppManifest = z.infer<typeof ZWebAppManifest>;
