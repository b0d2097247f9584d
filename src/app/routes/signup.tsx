import { useTranslation } from 'react-i18next';
import { PublicCard } from '@/components/ui/public-card';
import { SignupForm } from '@/features/auth/components/signup-form';
import { isLanguage } from '@/lib/i18n';

export default function SignupRoute() {
  const { t, i18n } = useTranslation('auth');
  return (
    <PublicCard title={t('signup.title')}>
      <SignupForm language={isLanguage(i18n.language) ? i18n.language : 'en'} />
    </PublicCard>
  );
}
