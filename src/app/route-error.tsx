import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** Last resort for a screen that failed to load or render (a stale chunk after a deployment, a bug). */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : null;
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" maw={520} role="alert">
        <Title order={1} size="h3">
          {t('routeError.title')}
        </Title>
        <Text c="dimmed">{t('routeError.text')}</Text>
        {detail && (
          <Text size="sm" c="dimmed" ff="monospace">
            {detail}
          </Text>
        )}
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </Stack>
    </Center>
  );
}
