import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { Navigate } from './components/ui/screen-link';
import { FirstScreen, startsOnLogin } from './app/first-screen';
import { paths } from './config/paths';
import { AppProvider } from './app/provider';
import type { createAppRouter } from './app/router';
import { initI18n, loadNamespaces } from './lib/i18n';
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

type AppRouter = ReturnType<typeof createAppRouter>;
let app: Promise<AppRouter> | undefined;

/** The app with its router (react-router and the route table load here), drawn at the address the browser shows. */
function openApp(root: Root) {
  app ??= Promise.all([import('./app/app'), import('./app/router')]).then(([{ App }, { createAppRouter }]) => {
    const router = createAppRouter();
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
    return router;
  });
  return app;
}

/** Leaving the first screen: the app opens and goes there; if its code cannot load (a new deployment), the browser does. */
const leaveFirstScreen =
  (root: Root): Navigate =>
  (to, options) => {
    openApp(root).then(
      (router) => void router.navigate(to, options),
      () => window.location.assign(to),
    );
  };

async function start() {
  // Spec §4: automatic login from an unexpired stored token whose roles can be read, else a clean slate.
  const session = restoreSession();
  const onLogin = startsOnLogin(session);
  await initI18n(session?.lang);
  requestNotificationPermission();
  const root = createRoot(document.getElementById('root')!);
  if (!onLogin) {
    await openApp(root);
    return;
  }
  // As the router does: `/` without a session is /login; the login page's texts load before it shows.
  if (window.location.pathname !== paths.login.path) window.history.replaceState(window.history.state, '', paths.login.getHref());
  await loadNamespaces('auth');
  root.render(
    <StrictMode>
      <AppProvider>
        <FirstScreen navigate={leaveFirstScreen(root)} resume={() => void openApp(root)} />
      </AppProvider>
    </StrictMode>,
  );
}

void start();
