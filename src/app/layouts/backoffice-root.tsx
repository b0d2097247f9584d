import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useViolationNotices } from '@/features/alerts/hooks/use-violation-notices';
import { ConformanceBanner } from '@/features/flights/components/conformance-banner';
import { OwnPositionPoster } from '@/features/flights/components/own-position-poster';
import { clearTakeoffs, startTakeoffRoutine, useIsFlying } from '@/features/flights/takeoff-store';
import { usePushRegistration } from '@/features/push/hooks/use-push-registration';
import { getSession, subscribeSession, useSession } from '@/lib/session';

/**
 * Everything under /backoffice: leaves for the login screen the moment the session ends (expiry timer,
 * failed refresh, logout); while signed in and a take-off is recorded, runs the take-off routine and posts the
 * device position; registers this browser for push messages; shows an airspace manager the violations starting in his
 * airspaces.
 */
export function BackofficeRoot() {
  const session = useSession();
  const navigate = useNavigate();
  const flying = useIsFlying();
  usePushRegistration();
  useViolationNotices();

  useEffect(
    () =>
      subscribeSession((current, reason) => {
        if (current) return;
        clearTakeoffs();
        navigate(paths.login.getHref({ expired: reason !== undefined && reason !== 'logout' }), { replace: true });
      }),
    [navigate],
  );

  // A session that ended while the back office was loading (its expiry timer fired before this listener existed).
  useEffect(() => {
    if (!getSession()) navigate(paths.login.getHref({ expired: true }), { replace: true });
  }, [navigate]);

  useEffect(() => (session && flying ? startTakeoffRoutine() : undefined), [session, flying]);

  if (!session) return null;
  return (
    <>
      {flying ? <OwnPositionPoster name={session.name} /> : null}
      {flying ? <ConformanceBanner /> : null}
      <Outlet />
    </>
  );
}
