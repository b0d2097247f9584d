import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { clearTakeoffs, startTakeoffRoutine } from '@/features/flights/takeoff-store';
import { subscribeSession, useSession } from '@/lib/session';

/**
 * Everything under /backoffice: leaves for the login screen the moment the session ends (expiry timer,
 * failed refresh, logout) and runs the takeoff routine while signed in.
 */
export function BackofficeRoot() {
  const session = useSession();
  const navigate = useNavigate();

  useEffect(
    () =>
      subscribeSession((current, reason) => {
        if (current) return;
        clearTakeoffs();
        navigate(paths.login.getHref({ expired: reason !== undefined && reason !== 'logout' }), { replace: true });
      }),
    [navigate],
  );

  useEffect(() => (session ? startTakeoffRoutine() : undefined), [session]);

  if (!session) return null;
  return <Outlet />;
}
