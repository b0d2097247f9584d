import { Outlet, useNavigate } from 'react-router-dom';
import { PublicFrame } from './public-frame';

/** The router's signed-out screens, in the public frame. */
export function PublicLayout() {
  const navigate = useNavigate();
  return (
    <PublicFrame navigate={(to, options) => void navigate(to, options)}>
      <Outlet />
    </PublicFrame>
  );
}
