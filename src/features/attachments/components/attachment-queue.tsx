import { useState } from 'react';
import { Anchor, Button, Group, Modal, NativeSelect, Stack, Table, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { PagedTable } from '@/components/ui/paged-table';
import { SortHeader } from '@/components/ui/sort-header';
import { useListState } from '@/components/ui/use-list-state';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast';
import { ATTACHMENT_QUEUE_SORTS, type AttachmentQueueItem } from '@/shared/contracts/attachments';
import {
  ATTACHMENT_KINDS,
  ATTACHMENT_RECORD_TYPES,
  ATTACHMENT_STATUSES,
  type AttachmentKind,
  type AttachmentRecordType,
  type AttachmentStatus,
} from '@/shared/domain/attachments';
import { useDecideAttachment } from '../api/decide-attachment';
import { useAttachmentQueue } from '../api/get-attachment-queue';
import { AttachmentStatusBadge } from './attachment-status-badge';
import { formatLocale } from '@/lib/format';

/**
 * The validation queue (ATTACHEMENT_VALIDATE): pending files by default, filtered by status, kind and record type,
 * searched by file or owner; each row opens the file and, for an operator's documents, the owner's agreement panel.
 */
export function AttachmentQueue() {
  const { t, i18n } = useTranslation('attachments');
  const list = useListState({
    sorts: ATTACHMENT_QUEUE_SORTS,
    sort: 'createdAt',
    order: 'asc',
    filters: { status: 'pending' as AttachmentStatus, kind: '' as AttachmentKind | '', recordType: '' as AttachmentRecordType | '' },
    choices: { status: ATTACHMENT_STATUSES, kind: ATTACHMENT_KINDS, recordType: ATTACHMENT_RECORD_TYPES },
  });
  const { page, setPage, sort, order, onSort } = list;
  const { status, kind, recordType } = list.filters;
  const [toReject, setToReject] = useState<AttachmentQueueItem | null>(null);
  const [reason, setReason] = useState('');
  const decide = useDecideAttachment();

  const query = useAttachmentQueue({ ...list.params, status, kind: kind || undefined, recordType: recordType || undefined });

  const validate = async (item: AttachmentQueueItem) => {
    try {
      await decide.mutateAsync({ id: item.id, decision: 'validate' });
      showToast({ color: 'teal', message: t('validated', { name: item.originalName }), 'data-testid': 'attachment-validated' });
    } catch {
      // The api client has shown the error toast.
    }
  };

  const reject = async () => {
    if (!toReject || !reason.trim()) return;
    try {
      await decide.mutateAsync({ id: toReject.id, decision: 'reject', reason: reason.trim() });
      showToast({ color: 'teal', message: t('rejected', { name: toReject.originalName }), 'data-testid': 'attachment-rejected' });
      setToReject(null);
      setReason('');
    } catch {
      // The api client has shown the error toast.
    }
  };

  return (
    <Stack>
      <ListToolbar list={list} searchLabel={t('filters.search')} searchTestId="attachment-search">
        <NativeSelect
          label={t('fields.status')}
          data-testid="attachment-status-filter"
          value={status}
          onChange={(event) => list.setFilter('status', event.currentTarget.value as AttachmentStatus)}
          data={ATTACHMENT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
        />
        <NativeSelect
          label={t('fields.kind')}
          value={kind}
          onChange={(event) => list.setFilter('kind', event.currentTarget.value as AttachmentKind | '')}
          data={[{ value: '', label: t('filters.allKinds') }, ...ATTACHMENT_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))]}
        />
        <NativeSelect
          label={t('fields.recordType')}
          value={recordType}
          onChange={(event) => list.setFilter('recordType', event.currentTarget.value as AttachmentRecordType | '')}
          data={[
            { value: '', label: t('filters.allRecordTypes') },
            ...ATTACHMENT_RECORD_TYPES.map((value) => ({ value, label: t(`recordTypes.${value}`) })),
          ]}
        />
      </ListToolbar>
      <PagedTable
        state={query}
        page={page}
        onPage={setPage}
        labels={{
          loadFailed: t('loadFailed'),
          empty: t('queueEmpty'),
          caption: (count) => t('total', { count }),
          pagination: t('pagination'),
        }}
        minWidth={900}
        testId="attachment-queue"
        head={
          <Table.Tr>
            <SortHeader field="originalName" label={t('fields.file')} sort={sort} order={order} onSort={onSort} />
            <SortHeader field="kind" label={t('fields.kind')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('fields.owner')}</Table.Th>
            <SortHeader field="createdAt" label={t('fields.createdAt')} sort={sort} order={order} onSort={onSort} />
            <Table.Th>{t('fields.status')}</Table.Th>
            <Table.Th>{t('fields.actions')}</Table.Th>
          </Table.Tr>
        }
        renderRow={(item) => (
          <Table.Tr key={item.id} data-testid="attachment-queue-row">
            <Table.Td>
              <Anchor component={Link} to={paths.attachmentRead.getHref(item.recordType, item.id)}>
                {item.originalName}
              </Anchor>
            </Table.Td>
            <Table.Td>
              {t(`recordTypes.${item.recordType}`)} · {t(`kinds.${item.kind}`)}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{item.companyName ?? item.ownerName ?? t('sharedCatalogue')}</Text>
              {item.ownerEmail && (
                <Text size="xs" c="dimmed">
                  {item.ownerEmail}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{new Date(item.createdAt).toLocaleString(formatLocale(i18n.language))}</Table.Td>
            <Table.Td>
              <AttachmentStatusBadge status={item.status} />
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                {item.status === 'pending' && (
                  <>
                    <Button size="compact-xs" color="teal" onClick={() => void validate(item)} data-testid="attachment-validate">
                      {t('validate')}
                    </Button>
                    <Button size="compact-xs" color="red" variant="light" onClick={() => setToReject(item)} data-testid="attachment-reject">
                      {t('reject')}
                    </Button>
                  </>
                )}
                {item.ownerId && item.recordType === 'user' && (
                  <Anchor component={Link} to={`${paths.myAgreement.getHref()}?userId=${encodeURIComponent(item.ownerId)}`} size="sm">
                    {t('agreement')}
                  </Anchor>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <Modal opened={toReject !== null} onClose={() => setToReject(null)} title={t('rejectTitle', { name: toReject?.originalName ?? '' })}>
        <Textarea
          label={t('fields.reason')}
          required
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-testid="attachment-reject-reason"

          rows={3}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setToReject(null)}>
            {t('cancel')}
          </Button>
          <Button
            color="red"
            disabled={!reason.trim()}
            loading={decide.isPending}
            onClick={() => void reject()}
            data-testid="attachment-reject-confirm"
          >
            {t('reject')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
