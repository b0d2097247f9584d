import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import { operatorCommandSchema, type OperatorCommand } from '@/shared/contracts/traffic';
import { useOperatorCommand } from '../api/post-command';

export interface OperatorCommandDialogProps {
  missionId: string;
  targetName: string;
  opened: boolean;
  onClose: () => void;
}

/** COMMAND_EDIT_ADMIN: a message pushed to the operator's registered terminals; the API client shows failures. */
export function OperatorCommandDialog({ missionId, targetName, opened, onClose }: OperatorCommandDialogProps) {
  const { t } = useTranslation('live');
  const errorText = useFieldErrorText();
  const send = useOperatorCommand();
  const { register, handleSubmit, reset, formState } = useForm<OperatorCommand>({
    resolver: zodResolver(operatorCommandSchema),
    values: { missionId, message: '' },
  });

  const close = () => {
    reset();
    onClose();
  };

  const submit = handleSubmit(async (command) => {
    await send.mutateAsync(command).then(
      () => {
        showToast({ color: 'teal', message: t('command.sent'), 'data-testid': 'command-sent' });
        close();
      },
      () => undefined,
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('command.title', { name: targetName })}
      closeButtonProps={{ 'aria-label': t('command.cancel') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="command-form">
        <Stack>
          <Textarea
            label={t('command.message')}
            autosize
            minRows={3}
            maxLength={500}
            data-autofocus
            error={errorText(formState.errors.message?.message)}
            {...register('message')}
            data-testid="command-message"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('command.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending} data-testid="command-send">
              {t('command.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
