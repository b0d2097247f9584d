import { useEffect, useMemo, useRef, useState } from 'react';
import type { DatesSetArg, EventClickArg, EventInput } from '@fullcalendar/core';
import frLocale from '@fullcalendar/core/locales/fr';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import multiMonthPlugin from '@fullcalendar/multimonth';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { MISSION_STATUSES } from '@/shared/domain/mission-status';
import { useCan } from '@/lib/authorization';
import { useMissionsInRange } from '../list/get-missions';
import { useMissionListState } from '../list/mission-list-state';
import { statusCssColor } from '../list/status-colors';
import classes from './mission-calendar.module.css';
import { FULLCALENDAR_VIEWS, YEARS_VIEW_SPAN, type CalendarView } from './calendar-views';

const PLUGINS = [dayGridPlugin, timeGridPlugin, multiMonthPlugin, interactionPlugin];
const TIME_GRID_HEIGHT = 720;

/**
 * The missions of the visible range on a FullCalendar, one event per dated mission titled with its title and
 * coloured by its status; an event opens the mission's editor. Missions without dates are in the list only.
 */
export function MissionCalendar({ view }: { view: CalendarView }) {
  const { t, i18n } = useTranslation('missionsList');
  const navigate = useNavigate();
  const calendar = useRef<FullCalendar>(null);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  // The list's search and statuses (in the address) filter the calendar too; its dates are the calendar's own.
  const list = useMissionListState();
  const canListUsers = useCan('USER_LIST_ADMIN');
  const canPickOwner = useCan('PREFLIGHT_LIST_ADMIN') && canListUsers;
  const { statuses, ownerId } = list.filters;
  const missions = useMissionsInRange(
    range && { ...range, search: list.params.search, status: statuses, ownerId: (canPickOwner && ownerId) || undefined },
  );

  useEffect(() => {
    const api = calendar.current?.getApi();
    if (api && api.view.type !== FULLCALENDAR_VIEWS[view]) api.changeView(FULLCALENDAR_VIEWS[view]);
  }, [view]);

  const events = useMemo<EventInput[]>(
    () =>
      (missions.data ?? [])
        .filter((mission) => mission.startAt)
        .map((mission) => ({
          id: mission.id,
          title: mission.title,
          start: mission.startAt!,
          end: mission.endAt ?? undefined,
          url: paths.preflightEdit.getHref(mission.id),
          color: statusCssColor(mission.status),
          classNames: ['mission-event', `mission-event-${mission.status}`],
          extendedProps: { status: mission.status },
        })),
    [missions.data],
  );

  const onDatesSet = (info: DatesSetArg) => {
    const from = info.start.toISOString();
    const to = info.end.toISOString();
    setRange((current) => (current?.from === from && current.to === to ? current : { from, to }));
  };

  const onEventClick = (info: EventClickArg) => {
    // A client-side navigation instead of the link's full page load.
    info.jsEvent.preventDefault();
    void navigate(paths.preflightEdit.getHref(info.event.id));
  };

  return (
    <Stack gap="sm" data-testid="mission-calendar" data-view={view}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" data-testid="calendar-undated-note">
          {t('calendar.undatedNote')}
        </Text>
        <Group gap="xs" aria-live="polite">
          {missions.isFetching && <LoadingIndicator size="xs" label={t('calendar.loading')} data-testid="calendar-loading" />}
          {missions.isError && (
            <Text size="sm" c="red" role="alert">
              {t('loadFailed')}
            </Text>
          )}
        </Group>
      </Group>
      <Box className={classes.calendar} data-testid="mission-calendar-body">
        <FullCalendar
          ref={calendar}
          plugins={PLUGINS}
          initialView={FULLCALENDAR_VIEWS[view]}
          views={{
            multiMonthYears: {
              type: 'multiMonth',
              duration: { years: YEARS_VIEW_SPAN },
              dateAlignment: 'year',
              multiMonthMaxColumns: 6,
              multiMonthMinWidth: 180,
              // Compact: a day with missions shows how many; its popover lists them.
              dayMaxEvents: 0,
              moreLinkContent: (arg: { shortText: string }) => arg.shortText,
            },
            multiMonthYear: { multiMonthMaxColumns: 4 },
            // Each small month shows its own days only: the next month's first days at the end of its grid would show
            // their missions a second time.
            multiMonth: { showNonCurrentDates: false },
            timeGrid: { height: TIME_GRID_HEIGHT, scrollTime: '07:00:00' },
          }}
          locales={[frLocale]}
          locale={i18n.language}
          height="auto"
          headerToolbar={{ left: 'prev,next today', center: 'title', right: '' }}
          events={events}
          eventClick={onEventClick}
          datesSet={onDatesSet}
          dayMaxEvents
          nowIndicator
        />
      </Box>
      <Group gap="md" aria-label={t('calendar.legend')} role="list" data-testid="calendar-legend">
        {MISSION_STATUSES.map((status) => (
          <Group key={status} gap={6} role="listitem">
            <Box w={12} h={12} style={{ borderRadius: 3, background: statusCssColor(status) }} aria-hidden />
            <Text size="xs">{t(`status.${status}`)}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
