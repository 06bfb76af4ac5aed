import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app/app';
import '@/styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The installed app's service worker (decision 132): after the first render, so that the landing page's first
// download does not carry it.
void import('@/service-worker/register').then(({ registerServiceWorker }) => registerServiceWorker());
