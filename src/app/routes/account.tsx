import { Alert, Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { API_REFERENCE_HREF, paths } from '@/config/paths';
import { useAccount } from '@/features/account/api/get-account';
import { AccountForm } from '@/features/account/components/account-form';
import { AccountSummary } from '@/features/account/components/account-summary';
import { ChangeEmailForm } from '@/features/account/components/change-email-form';
import { ApiCredentials } from '@/features/integrations/components/api-credentials';
import { WebhookEndpoints } from '@/features/integrations/components/webhook-endpoints';
import { changeLanguage } from '@/lib/i18n';
import { storeLanguage, useSession } from '@/lib/session';
import type { Language } from '@/shared/domain/enums';

/**
 * /backoffice/account: the profile (PATCH /api/account), the e-mail change, a link to the password, the personal API
 * credentials and, for operators and managers, their webhooks (docs/operations.md "Webhooks and API credentials").
 */
export default function AccountRoute() {
  const { t } = useTranslation('account');
  const { t: tIntegrations } = useTranslation('integrations');
  const { data: account, isPending, isError } = useAccount();
  const rights = useSession()?.rights;
  const mayUseWebhooks = Boolean(rights?.has('PREFLIGHT_LIST') || rights?.has('PREFLIGHTPROCEDURE_LIST'));

  const onLanguageSaved = (language: Language) => {
    storeLanguage(language);
    void changeLanguage(language);
  };

  return (
    <Stack>
      <PageHeader
        title={t('title')}
        actions={
          <Group>
            <Anchor component={Link} to={paths.changePassword.getHref()} data-testid="link-change-password">
              {t('changePasswordLink')}
            </Anchor>
            <Anchor href={API_REFERENCE_HREF} target="_blank" rel="noopener" data-testid="link-api-reference">
              {tIntegrations('apiReference')}
            </Anchor>
          </Group>
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
          {mayUseWebhooks && (
            <Paper withBorder p="md">
              <WebhookEndpoints />
            </Paper>
          )}
          <Paper withBorder p="md">
            <ApiCredentials />
          </Paper>
        </>
      )}
    </Stack>
  );
}
