import { Alert, Anchor, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useAccount } from '@/features/account/api/get-account';
import { AccountForm } from '@/features/account/components/account-form';
import { AccountSummary } from '@/features/account/components/account-summary';
import { ChangeEmailForm } from '@/features/account/components/change-email-form';
import { changeLanguage } from '@/lib/i18n';
import { storeLanguage } from '@/lib/session';
import type { Language } from '@/shared/domain/enums';

/** /backoffice/account: the profile (PATCH /api/account), the e-mail change and a link to the password. */
export default function AccountRoute() {
  const { t } = useTranslation('account');
  const { data: account, isPending, isError } = useAccount();

  const onLanguageSaved = (language: Language) => {
    storeLanguage(language);
    void changeLanguage(language);
  };

  return (
    <Stack>
      <PageHeader
        title={t('title')}
        actions={
          <Anchor component={Link} to={paths.changePassword.getHref()} data-testid="link-change-password">
            {t('changePasswordLink')}
          </Anchor>
        }
      />
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <Alert color="red" role="alert">
          {t('loadFailed')}
        </Alert>
      ) : (
        <>
          <Paper withBorder p="md">
            <AccountSummary account={account} />
          </Paper>
          <AccountForm key={account.id} account={account} onLanguageSaved={onLanguageSaved} />
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                {t('changeEmail.title')}
              </Title>
              <ChangeEmailForm />
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
