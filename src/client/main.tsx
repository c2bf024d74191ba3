import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppCore } from './app/core-providers';
import { createAppRouter } from './app/router';
import { loadLocale, localePartsFor, storedLocale } from './lib/i18n';
import { adoptKioskToken } from './lib/session';

/** `npm run dev:mock` answers every call from the MSW handlers, so the UI runs without a server. */
async function startMocks(): Promise<void> {
  if (import.meta.env.MODE !== 'mock') return;
  const { worker } = await import('../../mocks/browser');
  await worker.start({ onUnhandledRequest: 'bypass', serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` } });
}

void startMocks().then(async () => {
  // On the overview wall, the server's first frame goes on screen before the app goes on loading.
  await window.__CASCADE_FRAME__;
  adoptKioskToken(window.location.hash);
  // The router starts its loaders (the navigation check, the screen chunks) while the texts arrive.
  const router = createAppRouter();
  await loadLocale(storedLocale(), localePartsFor(window.location.hash.slice(1).split('?')[0] || '/')).catch(() => undefined);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppCore>
        <RouterProvider router={router} />
      </AppCore>
    </StrictMode>,
  );
});
