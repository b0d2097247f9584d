import { useState } from 'react';
import { Anchor, Chip, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { PagedTable } from '@/components/ui/paged-table';
import { SortHeader } from '@/components/ui/sort-header';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/authorization';
import { MISSION_STATUSES, type MissionStatus } from '@/shared/domain/mission-status';
import { useMissions } from './get-missions';
import { useMissionListState } from './mission-list-state';
import { useOwnerChoices } from './get-owners';
import { StatusBadge } from './status-badge';
import { formatLocale } from '@/lib/format';
import { DayInput } from '@/components/ui/date-fields';

const SEARCH_DEBOUNCE_MS = 300;
/** Below this width (Mantine's sm) the list keeps title, status and start: a phone reads it without scrolling sideways. */
const PHONE = '(max-width: 48em)';

/** A day typed in a date field ("YYYY-MM-DD") as the start or the end of that local day, in ISO form. */
const dayBound = (day: string, edge: 'start' | 'end') =>
  day ? new Date(`${day}T${edge === 'start' ? '00:00:00' : '23:59:59.999'}`).toISOString() : undefined;

/** The operator's missions (every operator's for administrators), paginated, searched, filtered and sorted by the server. */
export function MissionList() {
  const { t, i18n } = useTranslation('missionsList');
  const isAdmin = useCan('PREFLIGHT_LIST_ADMIN');
  const phone = useMediaQuery(PHONE) ?? false;
  const canPickOwner = useCan('USER_LIST_ADMIN') && isAdmin;
  const list = useMissionListState();
  const { page, setPage, sort, order, onSort } = list;
  const { statuses, fromDay, toDay, ownerId } = list.filters;
  const [ownerSearch, setOwnerSearch] = useState('');
  const [debouncedOwnerSearch] = useDebouncedValue(ownerSearch, SEARCH_DEBOUNCE_MS);
  const owners = useOwnerChoices(debouncedOwnerSearch, canPickOwner);
  const rangeInverted = !!fromDay && !!toDay && fromDay > toDay;

  const query = useMissions({
    ...list.params,
    status: statuses,
    from: dayBound(fromDay, 'start'),
    // An inverted range would be refused by the server: the list waits for a valid end instead.
    to: rangeInverted ? undefined : dayBound(toDay, 'end'),
    ownerId: (canPickOwner && ownerId) || undefined,
  });
  const formatDateTime = (value: string | null) =>
    value ? new Date(value).toLocaleString(formatLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }) : '–';

  return (
    <Stack>
      <ListToolbar list={list} searchLabel={t('filters.search')} searchDescription={t('filters.searchHint')} searchTestId="mission-search">
        <DayInput
          label={t('filters.from')}
          data-testid="mission-from"
          clearable
          value={fromDay}
          onChange={(day) => list.setFilter('fromDay', day)}
        />
        <DayInput
          label={t('filters.to')}
          data-testid="mission-to"
          clearable
          value={toDay}
          minDate={fromDay}
          error={rangeInverted ? t('filters.rangeInverted') : undefined}
          onChange={(day) => list.setFilter('toDay', day)}
        />
        {canPickOwner && (
          <Select
            label={t('filters.owner')}
            placeholder={t('filters.allOwners')}
            data-testid="mission-owner"
            searchable
            clearable
            value={ownerId}
            onChange={(value) => list.setFilter('ownerId', value)}
            searchValue={ownerSearch}
            onSearchChange={setOwnerSearch}
            filter={({ options }) => options}
            nothingFoundMessage={t('filters.noOwner')}
            data={(owners.data ?? []).map((user) => ({ value: user.id, label: `${user.firstName} ${user.lastName} (${user.email})` }))}
          />
        )}
      </ListToolbar>
      <Chip.Group multiple value={statuses} onChange={(value) => list.setFilter('statuses', value as MissionStatus[])}>
        <Group gap="xs" role="group" aria-label={t('filters.status')} data-testid="mission-status-filter">
          <Text size="sm" fw={500}>
            {t('filters.status')}
          </Text>
          {MISSION_STATUSES.map((status) => (
            <Chip key={status} value={status} size="xs" data-testid={`mission-status-${status}`}>
              {t(`status.${status}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>

      <PagedTable
        state={query}
        page={page}
        onPage={setPage}
        labels={{ loadFailed: t('loadFailed'), empty: t('empty'), caption: (count) => t('total', { count }), pagination: t('pagination') }}
        minWidth={phone ? 0 : 880}
        testId="mission-table"
        head={
          <Table.Tr>
            <SortHeader field="title" label={t('fields.title')} sort={sort} order={order} onSort={onSort} />
            <SortHeader field="status" label={t('fields.status')} sort={sort} order={order} onSort={onSort} />
            <SortHeader field="startAt" label={t('fields.startAt')} sort={sort} order={order} onSort={onSort} />
            {!phone && (
              <>
                <Table.Th>{t('fields.endAt')}</Table.Th>
                <Table.Th>{t('fields.referentPilot')}</Table.Th>
                <Table.Th>{t('fields.mainMachine')}</Table.Th>
                <SortHeader field="createdAt" label={t('fields.createdAt')} sort={sort} order={order} onSort={onSort} />
              </>
            )}
          </Table.Tr>
        }
        renderRow={(mission) => (
          <Table.Tr key={mission.id} data-testid="mission-row">
            <Table.Td>
              <Anchor component={Link} to={paths.preflightEdit.getHref(mission.id)} data-testid="mission-open">
                {mission.title}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <StatusBadge status={mission.status} />
            </Table.Td>
            <Table.Td>{formatDateTime(mission.startAt)}</Table.Td>
            {!phone && (
              <>
                <Table.Td>{formatDateTime(mission.endAt)}</Table.Td>
                <Table.Td>{mission.referentPilot ? `${mission.referentPilot.firstName} ${mission.referentPilot.lastName}` : '–'}</Table.Td>
                <Table.Td>{mission.mainMachine?.internalName ?? '–'}</Table.Td>
                <Table.Td>{new Date(mission.createdAt).toLocaleDateString(formatLocale(i18n.language))}</Table.Td>
              </>
            )}
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
