import { lazy, Suspense } from 'react';
import { Box, Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadingState } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { DEFAULT_MISSION_VIEW, isMissionView, MISSION_VIEWS, type MissionView } from '@/features/missions/calendar/calendar-views';
import { MissionList } from '@/features/missions/list/mission-list';
import { useCan } from '@/lib/authorization';

// FullCalendar loads with the first calendar view, not with the list.
const MissionCalendar = lazy(() =>
  import('@/features/missions/calendar/mission-calendar').then((module) => ({ default: module.MissionCalendar })),
);

/** /backoffice/preflights: the missions as a list or on a calendar; the view is in the URL (?view=) to survive a reload. */
export default function PreflightsRoute() {
  const { t } = useTranslation('missionsList');
  const { t: tPostFlights } = useTranslation('postFlights');
  const canAdd = useCan(['PREFLIGHT_EDIT', 'PREFLIGHT_EDIT_ADMIN']);
  const canReadLogbook = useCan(['JOURNEY_LIST', 'JOURNEY_LIST_ADMIN']);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('view');
  const view: MissionView = isMissionView(requested) ? requested : DEFAULT_MISSION_VIEW;

  const onView = (next: string) => {
    if (!isMissionView(next)) return;
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === DEFAULT_MISSION_VIEW) params.delete('view');
        else params.set('view', next);
        return params;
      },
      { replace: true },
    );
  };

  return (
    // The map layout gives its screens the whole window, under the fixed top bar.
    <Box p="md" pt="calc(var(--app-shell-header-height, 0px) + var(--mantine-spacing-md))">
      <Stack>
        <PageHeader
          title={t('title')}
          actions={
            <Group gap="xs">
              {canReadLogbook && (
                <Button component={Link} to={paths.logbook.getHref()} variant="default" data-testid="logbook-link">
                  {tPostFlights('logbook.link')}
                </Button>
              )}
              {canAdd && (
                <Button component={Link} to={paths.preflightAdd.getHref()} data-testid="mission-add">
                  {t('add')}
                </Button>
              )}
            </Group>
          }
        />
        <SegmentedControl
          aria-label={t('views.label')}
          data-testid="mission-view-switch"
          value={view}
          onChange={onView}
          w="fit-content"
          data={MISSION_VIEWS.map((value) => ({ value, label: <span data-testid={`view-${value}`}>{t(`views.${value}`)}</span> }))}
        />
        {view === 'list' ? (
          <MissionList />
        ) : (
          <Suspense fallback={<LoadingState />}>
            <MissionCalendar view={view} />
          </Suspense>
        )}
      </Stack>
    </Box>
  );
}
