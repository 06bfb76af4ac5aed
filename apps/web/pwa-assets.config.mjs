// The installed app's icons (decision 132), made from the favicon by @vite-pwa/assets-generator:
//   cd apps/web && npx pwa-assets-generator
// writes pwa-64x64.png, pwa-192x192.png, pwa-512x512.png, maskable-icon-512x512.png, apple-touch-icon-180x180.png and
// favicon.ico beside public/favicon.svg; they are committed, so a build needs neither sharp nor this step.
import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

// The favicon's own purple behind the maskable and Apple icons' padding, so a launcher's circle or squircle crop shows
// the brand colour rather than a white ring (the Apple icon is drawn on an opaque square: iOS fills transparency black).
const BRAND_PURPLE = '#6d28d9';

export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    maskable: { ...minimal2023Preset.maskable, resizeOptions: { background: BRAND_PURPLE } },
    apple: { ...minimal2023Preset.apple, resizeOptions: { background: BRAND_PURPLE } },
  },
  images: ['public/favicon.svg'],
});
