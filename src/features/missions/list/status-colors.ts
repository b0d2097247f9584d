import type { MissionStatus } from '@/shared/domain/mission-status';

/** One Mantine colour per status, shared by the list's badges, the calendar's events and its legend. */
export const STATUS_COLORS: Record<MissionStatus, string> = {
  draft: 'gray',
  initiated: 'blue',
  complete: 'indigo',
  toBeValidated: 'orange',
  validated: 'green',
  onGoing: 'grape',
  archived: 'dark',
  canceled: 'red',
};

/** The CSS colour of a status, for elements outside Mantine (calendar events). */
export const statusCssColor = (status: MissionStatus) => `var(--mantine-color-${STATUS_COLORS[status]}-filled)`;
