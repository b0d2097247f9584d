import { useState } from 'react';
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

interface ConfirmDeleteOptions<T> {
  remove: (item: T) => Promise<unknown>;
  loading: boolean;
  /** Called once the server has deleted the item, e.g. to say so. */
  onDeleted: (item: T) => void;
}

/** The item waiting for the confirmation of its deletion, and the props of the dialog asking for it. */
export function useConfirmDelete<T>({ remove, loading, onDeleted }: ConfirmDeleteOptions<T>) {
  const [target, setTarget] = useState<T | null>(null);
  const confirm = async () => {
    if (target === null) return;
    try {
      await remove(target);
      onDeleted(target);
    } catch {
      // The api client has shown the error toast.
    } finally {
      setTarget(null);
    }
  };
  return {
    target,
    ask: (item: T) => setTarget(item),
    dialogProps: { opened: target !== null, loading, onConfirm: () => void confirm(), onCancel: () => setTarget(null) },
  };
}
