import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { AccountForm } from '@/features/account/components/account-form';
import { useAccount } from '@/features/account/api/get-account';
import { AttachmentUploader } from '@/features/attachments/components/attachment-uploader';
import { formatLocale } from '@/lib/format';
import { changeLanguage } from '@/lib/i18n';
import { storeLanguage } from '@/lib/session';
import type { PilotDetail } from '@/shared/contracts/pilots';
import type { Language } from '@/shared/domain/enums';
import { editsPersonalAccount } from '@/shared/domain/supervision';

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

/** The profile form, for a pilot whose operator gave him "personal account" (PATCH /api/account accepts it then). */
function PersonalAccount() {
  const { data: account } = useAccount();
  const onLanguageSaved = (language: Language) => {
    storeLanguage(language);
    void changeLanguage(language);
  };
  return account ? <AccountForm key={account.id} account={account} onLanguageSaved={onLanguageSaved} /> : null;
}

/**
 * A supervised pilot's "My account" (spec shell §6): his pilot record as his operator keeps it, read only (identity,
 * supervision level and rights, documents and their files), and his own profile when his operator lets him edit it.
 */
export function OwnPilotAccount({ pilot }: { pilot: PilotDetail }) {
  const { t, i18n } = useTranslation('pilots');
  const none = t('common:none');
  const date = (value: string | null) =>
    value ? new Date(value).toLocaleDateString(formatLocale(i18n.language), { timeZone: 'UTC' }) : none;
  const personal = editsPersonalAccount({ level: pilot.supervisionLevel, rights: pilot.rights });

  return (
    <Stack data-testid="own-pilot-account">
      <PageHeader
        title={t('own.title')}
        actions={
          <Anchor component={Link} to={paths.changePassword.getHref()} data-testid="link-change-password">
            {t('own.changePassword')}
          </Anchor>
        }
      />
      <Alert color="blue" data-testid="own-pilot-managed">
        {t(personal ? 'own.managedPersonal' : 'own.managed')}
      </Alert>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('sections.identity')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <Item label={t('fields.firstName')}>
            <Text>{pilot.firstName}</Text>
          </Item>
          <Item label={t('fields.lastName')}>
            <Text>{pilot.lastName}</Text>
          </Item>
          <Item label={t('fields.email')}>
            <Text data-testid="own-pilot-email">{pilot.email}</Text>
          </Item>
          <Item label={t('fields.phone')}>
            <Text>{pilot.phone ?? none}</Text>
          </Item>
          <Item label={t('fields.birthDate')}>
            <Text>{date(pilot.birthDate)}</Text>
          </Item>
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('sections.supervision')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Item label={t('fields.supervisionLevel')}>
            <Badge variant="light" data-testid="own-pilot-level">
              {t(`levels.${pilot.supervisionLevel}`)}
            </Badge>
          </Item>
          <Item label={t('fields.rights')}>
            {pilot.rights.length ? (
              <Group gap="xs" data-testid="own-pilot-rights">
                {pilot.rights.map((right) => (
                  <Badge key={right} variant="outline">
                    {t(`rights.${right}`)}
                  </Badge>
                ))}
              </Group>
            ) : (
              <Text>{none}</Text>
            )}
          </Item>
        </SimpleGrid>
      </Card>
      <Card withBorder data-testid="own-pilot-documents">
        <Title order={2} size="h4" mb="sm">
          {t('sections.documents')}
        </Title>
        {pilot.documents.length ? (
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('documents.skillType')}</Table.Th>
                  <Table.Th>{t('documents.reference')}</Table.Th>
                  <Table.Th>{t('documents.validFrom')}</Table.Th>
                  <Table.Th>{t('documents.validUntil')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pilot.documents.map((document) => (
                  <Table.Tr key={document.id}>
                    <Table.Td>{t(`skillTypes.${document.skillType}`)}</Table.Td>
                    <Table.Td>{document.reference}</Table.Td>
                    <Table.Td>{date(document.validFrom)}</Table.Td>
                    <Table.Td>{date(document.validUntil)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text c="dimmed">{t('documents.empty')}</Text>
        )}
        <AttachmentUploader recordType="pilot" recordId={pilot.id} kind="pilotDocument" canEdit={false} />
      </Card>
      {personal && <PersonalAccount />}
    </Stack>
  );
}
