import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { PublicCard } from '@/components/ui/public-card';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** /reset-password/{token}: the link of the forgotten-password e-mail. */
export default function ResetPasswordRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { token = '' } = useParams();
  return (
    <PublicCard title={t('resetPassword.title')}>
      <ResetPasswordForm
        token={token}
        onDone={() => navigate(paths.login.getHref(), { replace: true, state: { notice: 'passwordReset' } })}
      />
    </PublicCard>
  );
}
