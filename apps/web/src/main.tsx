import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app/app';
import '@/styles/index.css';

// Chromium makes its install offer once, as soon as it finds the app installable: possibly before the service worker's
// registration below has loaded to listen. Kept for it until then (and the browser's own mini-infobar held back).
let earlyInstallOffer: Event | undefined;
const keepEarlyInstallOffer = (event: Event) => {
  event.preventDefault();
  earlyInstallOffer = event;
};
addEventListener('beforeinstallprompt', keepEarlyInstallOffer);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The installed app's service worker (decision 132): after the first render, so that the landing page's first
// download does not carry it.
void import('@/service-worker/register').then(({ registerServiceWorker }) => {
  removeEventListener('beforeinstallprompt', keepEarlyInstallOffer);
  registerServiceWorker(earlyInstallOffer);
});
