import { Alert, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { useParentAccount } from '@/features/account/api/parent-account';
import { ParentAccountForm } from '@/features/account/components/parent-account-form';

/** /backoffice/account/parent: the operator account a supervised pilot reaches with SUPERVISION_ACCOUNT_EDIT. */
export default function ParentAccountRoute() {
  const { t } = useTranslation('account');
  const { data: account, isPending, isError } = useParentAccount();

  return (
    <Stack>
      <PageHeader title={t('parent.title')} />
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <Alert color="red" role="alert">
          {t('parent.loadFailed')}
        </Alert>
      ) : (
        <>
          <Paper withBorder p="md" data-testid="parent-account-summary">
            <Text fw={600}>{account.companyName ?? `${account.firstName} ${account.lastName}`}</Text>
            <Text size="sm">
              {account.firstName} {account.lastName} · {account.email}
            </Text>
            <Text size="sm" c="dimmed">
              {t('parent.hint')}
            </Text>
          </Paper>
          <ParentAccountForm key={account.id} account={account} />
        </>
      )}
    </Stack>
  );
}
