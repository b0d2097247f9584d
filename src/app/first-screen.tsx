import { useEffect } from 'react';
import type { Navigate } from '@/components/ui/screen-link';
import { paths } from '@/config/paths';
import { onMaintenance } from '@/lib/maintenance';
import type { Session } from '@/lib/session';
import { PublicFrame } from './layouts/public-frame';
import { LoginScreen, type LoginScreenProps } from './routes/login-screen';

/**
 * Whether this visit starts on the login page: /login, or / without a session (which goes there). That page draws
 * without React Router, which loads when the user leaves it (docs/navigation.md, "Bundle").
 */
export function startsOnLogin(session: Session | null) {
  const { pathname } = window.location;
  return pathname === paths.login.path || (pathname === paths.home.path && !session);
}

/**
 * The login page of a first visit, as the router's /login route draws it (its public frame, its texts), without the
 * router: every way out of it (a link, signing in, a 503 MAINTENANCE answer, the browser's back and forward buttons)
 * hands over to the app, `navigate` with where to go, `resume` at the address the browser now shows.
 */
export function FirstScreen({ navigate, resume }: { navigate: Navigate; resume: () => void }) {
  useEffect(() => onMaintenance(() => navigate(paths.maintenance.getHref())), [navigate]);
  useEffect(() => {
    window.addEventListener('popstate', resume);
    return () => window.removeEventListener('popstate', resume);
  }, [resume]);
  // A reload keeps the state React Router stored with the entry (`usr`): the notice and e-mail of the screen before.
  const stored = (window.history.state as { usr?: LoginScreenProps['state'] } | null)?.usr ?? null;
  return (
    <PublicFrame navigate={navigate}>
      <LoginScreen navigate={navigate} expired={new URLSearchParams(window.location.search).get('expired') === '1'} state={stored} />
    </PublicFrame>
  );
}
