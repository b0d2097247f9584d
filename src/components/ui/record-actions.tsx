import { Anchor, Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';

interface RecordActionsProps {
  editHref: string;
  labels: { edit: string; delete: string; restore: string };
  /** The record is soft-deleted: only restoring it is offered. */
  deleted?: boolean;
  canEdit: boolean;
  canRestore?: boolean;
  onDelete: () => void;
  onRestore?: () => void;
  restoreTestId?: string;
}

/** The actions cell of a back-office list: edit and delete, or restore for a deleted record. */
export function RecordActions({ editHref, labels, deleted, canEdit, canRestore, onDelete, onRestore, restoreTestId }: RecordActionsProps) {
  if (deleted) {
    return canRestore && onRestore ? (
      <Button size="compact-xs" variant="light" onClick={onRestore} data-testid={restoreTestId}>
        {labels.restore}
      </Button>
    ) : null;
  }
  if (!canEdit) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Anchor component={Link} size="sm" to={editHref}>
        {labels.edit}
      </Anchor>
      <Button size="compact-xs" color="red" variant="subtle" onClick={onDelete}>
        {labels.delete}
      </Button>
    </Group>
  );
}
