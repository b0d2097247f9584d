import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { restoreSession } from './lib/session';

/** Spec §5: the browser's notification permission is requested on load, where the API exists. */
function requestNotificationPermission() {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  try {
    void Notification.requestPermission().catch(() => undefined);
  } catch {
    // Older browsers only take a callback; the permission is not worth failing the start for.
  }
}

async function start() {
  // Spec §4: automatic login from an unexpired stored token whose roles can be read, else a clean slate.
  const session = restoreSession();
  await initI18n(session?.lang);
  requestNotificationPermission();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
