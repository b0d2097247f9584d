import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/lib/format';
import type { RequestConflict } from '@/shared/contracts/requests';
import { RequestStatusBadge } from './request-status-badge';

/**
 * The other accepted or pending requests whose volumes meet this one's (strategic deconfliction): where (drawn on the
 * request map), how high and when they overlap. The operator reads them without the other mission's title.
 */
export function RequestConflicts({ conflicts }: { conflicts: RequestConflict[] }) {
  const { t, i18n } = useTranslation('requests');
  if (conflicts.length === 0) return <Text c="dimmed">{t('conflicts.none')}</Text>;
  const dateTime = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('conflicts.reference')}</Table.Th>
          <Table.Th>{t('conflicts.heights')}</Table.Th>
          <Table.Th>{t('conflicts.window')}</Table.Th>
          <Table.Th>{t('conflicts.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {conflicts.map((conflict) => (
          <Table.Tr key={conflict.requestId} data-testid="conflict-row" data-reference={conflict.referenceNumber}>
            <Table.Td>
              {conflict.referenceNumber}
              {conflict.missionTitle && (
                <Text size="sm" c="dimmed">
                  {conflict.missionTitle}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {conflict.overlap.maxHeightM === null
                ? t('conflicts.from', { min: conflict.overlap.minHeightM })
                : t('conflicts.band', { min: conflict.overlap.minHeightM, max: conflict.overlap.maxHeightM })}
            </Table.Td>
            <Table.Td>
              {dateTime.format(new Date(conflict.overlap.startAt))} – {dateTime.format(new Date(conflict.overlap.endAt))}
            </Table.Td>
            <Table.Td>
              <RequestStatusBadge status={conflict.status} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
