import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useStatus } from '@/features/system/api/get-status';
import { onMaintenance } from '@/lib/maintenance';

/** Around every route: a 503 MAINTENANCE answer, or a status saying so, leads to the maintenance page. */
export function RootLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: status } = useStatus();
  const onMaintenancePage = pathname === paths.maintenance.path;

  useEffect(
    () =>
      onMaintenance(() => {
        if (window.location.pathname !== paths.maintenance.path) navigate(paths.maintenance.getHref());
      }),
    [navigate],
  );

  useEffect(() => {
    if (status?.maintenance && !onMaintenancePage) navigate(paths.maintenance.getHref());
  }, [status?.maintenance, onMaintenancePage, navigate]);

  return <Outlet />;
}
