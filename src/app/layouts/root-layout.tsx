import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useStatus } from '@/features/system/api/get-status';
import { onMaintenance } from '@/lib/maintenance';
import { useSession } from '@/lib/session';
import { isAdministrator } from '@/shared/domain/rights';

/**
 * Around every route: a 503 MAINTENANCE answer, or a status saying so, leads to the maintenance page, except for an
 * administrator (the platform stays open to him) and on the sign-in page, where an administrator signs in.
 */
export function RootLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: status } = useStatus();
  const session = useSession();
  const exempt = pathname === paths.maintenance.path || pathname === paths.login.path || (!!session && isAdministrator(session.rights));

  useEffect(
    () =>
      onMaintenance(() => {
        if (window.location.pathname !== paths.maintenance.path) navigate(paths.maintenance.getHref());
      }),
    [navigate],
  );

  useEffect(() => {
    if (status?.maintenance && !exempt) navigate(paths.maintenance.getHref());
  }, [status?.maintenance, exempt, navigate]);

  return <Outlet />;
}
