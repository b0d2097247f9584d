import type { ReactNode } from 'react';
import { Anchor, Badge, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import type { Account } from '@/shared/contracts/auth';
import { formatLocale } from '@/lib/format';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** What the user sees but cannot edit here: e-mail, agreement, groups, API key. */
export function AccountSummary({ account }: { account: Account }) {
  const { t, i18n } = useTranslation('account');
  const session = useSession();
  // The menu never shows "My agreement" (spec §2): operators reach it from here and from the refusal toast (docs/navigation.md).
  const handlesAgreement = !!session && (session.rights.has('PREFLIGHT_EDIT') || session.rights.has('SUPERVISION_ACCOUNT_EDIT'));
  const none = t('common:none');
  const date = (value: string | null) => (value ? new Date(value).toLocaleDateString(formatLocale(i18n.language)) : none);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="account-summary">
      <Item label={t('fields.email')}>
        <Text data-testid="account-email">{account.email}</Text>
      </Item>
      <Item label={t('fields.agreementStatus')}>
        <Group gap="xs">
          <Badge variant="light">{t(`agreementStatuses.${account.agreementStatus}`)}</Badge>
          {handlesAgreement && (
            <Anchor component={Link} to={paths.myAgreement.getHref()} size="sm" data-testid="link-my-agreement">
              {t('myAgreementLink')}
            </Anchor>
          )}
        </Group>
      </Item>
      <Item label={t('fields.agreementExpiresAt')}>
        <Text>{date(account.agreementExpiresAt)}</Text>
      </Item>
      {account.adminMessage && (
        <Item label={t('fields.adminMessage')}>
          <Text>{account.adminMessage}</Text>
        </Item>
      )}
      <Item label={t('fields.groups')}>
        {account.groups.length ? (
          <Group gap={4}>
            {account.groups.map((group) => (
              <Badge key={group.id} variant="outline">
                {group.name}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text>{none}</Text>
        )}
      </Item>
      <Item label={t('fields.subscription')}>
        <Text>{account.subscription ?? none}</Text>
      </Item>
      <Item label={t('fields.adminZone')}>
        <Text>{account.adminZone ?? none}</Text>
      </Item>
      <Item label={t('fields.apiKey')}>{account.apiKey ? <Code>{account.apiKey}</Code> : <Text>{none}</Text>}</Item>
    </SimpleGrid>
  );
}
