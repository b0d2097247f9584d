import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A Mantine modal asking before a destructive action; the texts come translated from the caller. */
export function ConfirmDialog({ opened, title, message, confirmLabel, cancelLabel, loading, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} closeButtonProps={{ 'aria-label': cancelLabel }}>
      <Text mb="md" data-testid="confirm-message">
        {message}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button color="red" loading={loading} onClick={onConfirm} data-testid="confirm-yes">
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
