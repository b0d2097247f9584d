import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { LoginScreen, type LoginScreenProps } from './login-screen';

/** The login screen as a route of the router (spec §2). */
export default function LoginRoute() {
  const navigate = useNavigate();
  const { token } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  return (
    <LoginScreen
      navigate={(to, options) => void navigate(to, options)}
      token={token}
      expired={searchParams.get('expired') === '1'}
      state={location.state as LoginScreenProps['state']}
    />
  );
}
