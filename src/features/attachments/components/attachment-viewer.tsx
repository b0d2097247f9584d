import { useEffect, useState } from 'react';
import { Alert, Button, Group, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@/components/ui/list-states';
import { useAttachmentContent } from '../api/get-attachment-content';
import { formatFileSize } from '../file-size';
import { AttachmentStatusBadge } from './attachment-status-badge';

/** Shows an attachment the reader may see (image inline, PDF in a frame) with a download button. */
export function AttachmentViewer({ id }: { id: string }) {
  const { t, i18n } = useTranslation('attachments');
  const content = useAttachmentContent(id);
  const [url, setUrl] = useState<string | null>(null);
  const blob = content.data?.blob;

  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);

  if (content.isPending) return <LoadingState />;
  if (content.isError)
    return (
      <Alert color="red" role="alert">
        {t('readFailed')}
      </Alert>
    );
  const { attachment } = content.data;
  return (
    <Stack data-testid="attachment-viewer">
      <Group>
        <Text fw={500} data-testid="attachment-name">
          {attachment.originalName}
        </Text>
        <Text size="sm" c="dimmed">
          {t(`kinds.${attachment.kind}`)} · {formatFileSize(attachment.size, i18n.language)}
        </Text>
        <AttachmentStatusBadge status={attachment.status} />
        {url && (
          <Button component="a" href={url} download={attachment.originalName} size="xs" variant="light" data-testid="attachment-download">
            {t('download')}
          </Button>
        )}
      </Group>
      {attachment.rejectionReason && <Alert color="red">{t('rejectedBecause', { reason: attachment.rejectionReason })}</Alert>}
      {url &&
        (attachment.mime.startsWith('image/') ? (
          <Image src={url} alt={attachment.originalName} fit="contain" mah="75vh" />
        ) : (
          <iframe src={url} title={attachment.originalName} style={{ width: '100%', height: '75vh', border: 0 }} />
        ))}
    </Stack>
  );
}
