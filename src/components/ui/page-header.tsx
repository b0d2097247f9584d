import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** The screen's heading; also names the browser tab. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  const { t } = useTranslation('common');
  useDocumentTitle(`${title} · ${t('appName')}`);
  return (
    <Group justify="space-between" align="center" wrap="wrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      {actions}
    </Group>
  );
}
