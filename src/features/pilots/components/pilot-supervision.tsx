import { useState } from 'react';
import { Alert, Badge, Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessageOf } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import type { PilotDetail } from '@/shared/contracts/pilots';
import { useCreateSupervision } from '../api/create-supervision';

/** Spec domain §5: an operator creates a supervised account for a pilot, who receives a password-setting link. */
export function PilotSupervision({ pilot }: { pilot: PilotDetail }) {
  const { t } = useTranslation('pilots');
  const supervise = useCreateSupervision();
  const session = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The server refuses a supervised account for the operator's own address (SUPERVISION_NOT_NEEDED): not offered then.
  const ownEmail = !!session && session.email.trim().toLowerCase() === pilot.email.trim().toLowerCase();

  const onCreate = async () => {
    setConfirming(false);
    setFailure(null);
    try {
      await supervise.mutateAsync(pilot.id);
      showToast({ color: 'teal', message: t('supervisedAccount.created', { email: pilot.email }), 'data-testid': 'supervision-created' });
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  };

  const supervised = pilot.supervised || supervise.isSuccess;
  return (
    <Fieldset legend={t('supervisedAccount.title')} data-testid="pilot-supervision">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('supervisedAccount.hint')}
        </Text>
        {supervised ? (
          <Group>
            <Badge color="teal" variant="light">
              {t('supervised')}
            </Badge>
          </Group>
        ) : ownEmail ? (
          <Text size="sm" data-testid="supervision-own-email">
            {t('supervisedAccount.ownEmail')}
          </Text>
        ) : (
          <Group>
            <Button variant="light" loading={supervise.isPending} onClick={() => setConfirming(true)} data-testid="supervision-create">
              {t('supervisedAccount.create')}
            </Button>
          </Group>
        )}
        {failure && (
          <Alert color="red" role="alert" data-testid="supervision-error">
            {failure}
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('supervisedAccount.create')}
        message={t('supervisedAccount.confirm', { email: pilot.email })}
        confirmLabel={t('supervisedAccount.confirmYes')}
        cancelLabel={t('cancel')}
        loading={supervise.isPending}
        onConfirm={() => void onCreate()}
        onCancel={() => setConfirming(false)}
      />
    </Fieldset>
  );
}
