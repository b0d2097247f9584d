import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <Center py="xl" data-testid="loading-state">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden />
        <Text c="dimmed" role="status">
          {label ?? t('loading')}
        </Text>
      </Stack>
    </Center>
  );
}

export function EmptyListState({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <Center py="xl" data-testid="empty-state">
      <Text c="dimmed">{label ?? t('empty')}</Text>
    </Center>
  );
}
