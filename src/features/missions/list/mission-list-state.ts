import { useListState } from '@/components/ui/use-list-state';
import { MISSION_SORTS } from '@/shared/contracts/missions';
import { MISSION_STATUSES, type MissionStatus } from '@/shared/domain/mission-status';

/**
 * The missions screen's search and filters, kept in the address: the list edits them, and the calendar views read the
 * same ones, so switching view keeps what the user asked for.
 */
export function useMissionListState() {
  return useListState({
    sorts: MISSION_SORTS,
    sort: 'startAt',
    order: 'asc',
    filters: { statuses: [] as MissionStatus[], fromDay: '', toDay: '', ownerId: null as string | null },
    choices: { statuses: MISSION_STATUSES },
  });
}
