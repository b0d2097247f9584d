import { useState } from 'react';
import { Anchor, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';

import { showToast } from '@/lib/toast';
import type { Attachment } from '@/shared/contracts/attachments';
import { EXTENSION_BY_MIME, MIME_TYPES_BY_KIND, type AttachmentKind, type AttachmentRecordType } from '@/shared/domain/attachments';
import { useDeleteAttachment } from '../api/delete-attachment';
import { formatFileSize } from '../file-size';
import { useRecordAttachments } from '../api/get-record-attachments';
import { useUploadAttachment } from '../api/upload-attachment';
import { AttachmentStatusBadge } from './attachment-status-badge';

interface AttachmentUploaderProps {
  recordType: AttachmentRecordType;
  recordId: string;
  kind: AttachmentKind;
  canEdit: boolean;
}

/** The files of one kind on one record: read links, status, removal after confirmation, and an upload button. */
export function AttachmentUploader({ recordType, recordId, kind, canEdit }: AttachmentUploaderProps) {
  const { t, i18n } = useTranslation('attachments');
  const files = useRecordAttachments(recordType, recordId);
  const upload = useUploadAttachment();
  const remove = useDeleteAttachment();
  const [toDelete, setToDelete] = useState<Attachment | null>(null);
  const mimes = MIME_TYPES_BY_KIND[kind];
  const ofKind = (files.data ?? []).filter((file) => file.kind === kind);

  const onFile = async (file: File | null) => {
    if (!file) return;
    try {
      await upload.mutateAsync({ recordType, recordId, kind, file });
      showToast({ color: 'teal', message: t('uploaded', { name: file.name }), 'data-testid': 'attachment-uploaded' });
    } catch {
      // The api client has shown the error toast.
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
    } catch {
      // The api client has shown the error toast.
    } finally {
      setToDelete(null);
    }
  };

  return (
    <Stack gap={4} data-testid={`attachments-${kind}`}>
      <Text fw={500}>{t(`kinds.${kind}`)}</Text>
      {files.isError ? (
        <Text c="red" role="alert" size="sm">
          {t('loadFailed')}
        </Text>
      ) : files.isPending ? (
        <Text size="sm" c="dimmed">
          {t('loading')}
        </Text>
      ) : ofKind.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('none')}
        </Text>
      ) : (
        ofKind.map((file) => (
          <Group key={file.id} gap="xs" data-testid="attachment-row">
            <Anchor component={Link} to={paths.attachmentRead.getHref(recordType, file.id)} size="sm">
              {file.originalName}
            </Anchor>
            <Text size="xs" c="dimmed">
              {formatFileSize(file.size, i18n.language)}
            </Text>
            <AttachmentStatusBadge status={file.status} />
            {file.status === 'rejected' && file.rejectionReason && (
              <Text size="xs" c="red">
                {file.rejectionReason}
              </Text>
            )}
            {canEdit && (
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => setToDelete(file)}>
                {t('delete')}
              </Button>
            )}
          </Group>
        ))
      )}
      {canEdit && (
        <Group gap="xs">
          <FileButton
            onChange={(file) => void onFile(file)}
            accept={mimes.join(',')}
            inputProps={{ 'data-testid': `attachment-input-${kind}` } as object}
          >
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={upload.isPending}>
                {t('add')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('accepted', { types: mimes.map((mime) => EXTENSION_BY_MIME[mime].toUpperCase()).join(', ') })}
          </Text>
        </Group>
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: toDelete?.originalName ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
