import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A secret the server shows this once (webhook signing secret, API credential): copy it now, it is not kept in clear. */
export function SecretOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const { t } = useTranslation('integrations');
  return (
    <Alert color="yellow" role="status" title={label} data-testid="secret-once">
      <Stack gap="xs">
        <Text size="sm">{t('secretOnce')}</Text>
        <Code block data-testid="secret-value" style={{ wordBreak: 'break-all' }}>
          {value}
        </Code>
        <Group>
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="light" onClick={copy}>
                {copied ? t('copied') : t('copy')}
              </Button>
            )}
          </CopyButton>
          <Button size="compact-sm" variant="subtle" onClick={onDone}>
            {t('secretSaved')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
