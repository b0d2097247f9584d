import { useState } from 'react';
import { Anchor, Button, Group, Modal, NativeSelect, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PagedTable } from '@/components/ui/paged-table';
import { SortHeader, type SortOrder } from '@/components/ui/sort-header';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast';
import type { ATTACHMENT_QUEUE_SORTS, AttachmentQueueItem } from '@/shared/contracts/attachments';
import {
  ATTACHMENT_KINDS,
  ATTACHMENT_RECORD_TYPES,
  ATTACHMENT_STATUSES,
  type AttachmentKind,
  type AttachmentRecordType,
  type AttachmentStatus,
} from '@/shared/domain/attachments';
import { PAGE_SIZE_DEFAULT } from '@/shared/domain/limits';
import { useDecideAttachment } from '../api/decide-attachment';
import { useAttachmentQueue } from '../api/get-attachment-queue';
import { AttachmentStatusBadge } from './attachment-status-badge';

const SEARCH_DEBOUNCE_MS = 300;
type Sort = (typeof ATTACHMENT_QUEUE_SORTS)[number];

/**
 * The validation queue (ATTACHEMENT_VALIDATE): pending files by default, filtered by status, kind and record type,
 * searched by file or owner; each row opens the file and, for an operator's documents, the owner's agreement panel.
 */
export function AttachmentQueue() {
  const { t, i18n } = useTranslation('attachments');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<AttachmentStatus>('pending');
  const [kind, setKind] = useState('');
  const [recordType, setRecordType] = useState('');
  const [sort, setSort] = useState<Sort>('createdAt');
  const [order, setOrder] = useState<SortOrder>('asc');
  const [toReject, setToReject] = useState<AttachmentQueueItem | null>(null);
  const [reason, setReason] = useState('');
  const decide = useDecideAttachment();

  const query = useAttachmentQueue({
    page,
    pageSize: PAGE_SIZE_DEFAULT,
    search: debouncedSearch || undefined,
    sort,
    order,
    status,
    kind: (kind || undefined) as AttachmentKind | undefined,
    recordType: (recordType || undefined) as AttachmentRecordType | undefined,
  });
  const onSort = (field: Sort, next: SortOrder) => {
    setSort(field);
    setOrder(next);
    setPage(1);
  };
  const filter = (set: (value: string) => void) => (event: React.ChangeEvent<HTMLSelectElement>) => {
    set(event.currentTarget.value);
    setPage(1);
  };

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
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('filters.search')}
          type="search"
          data-testid="attachment-search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          label={t('fields.status')}
          data-testid="attachment-status-filter"
          value={status}
          onChange={filter((value) => setStatus(value as AttachmentStatus))}
          data={ATTACHMENT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
        />
        <NativeSelect
          label={t('fields.kind')}
          value={kind}
          onChange={filter(setKind)}
          data={[{ value: '', label: t('filters.allKinds') }, ...ATTACHMENT_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))]}
        />
        <NativeSelect
          label={t('fields.recordType')}
          value={recordType}
          onChange={filter(setRecordType)}
          data={[
            { value: '', label: t('filters.allRecordTypes') },
            ...ATTACHMENT_RECORD_TYPES.map((value) => ({ value, label: t(`recordTypes.${value}`) })),
          ]}
        />
      </Group>
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
            <Table.Td>{new Date(item.createdAt).toLocaleString(i18n.language)}</Table.Td>
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
