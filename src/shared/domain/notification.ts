// Notifications to authorities (spec domain §4 statuses); the window rules and transitions are ours (docs/notifications.md).
import { TZDate } from '@date-fns/tz';

export const NOTIFICATION_TYPES = ['army', 'prefecture'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_STATUSES = ['scheduled', 'sent', 'updated', 'canceled'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** send: first sending; update: the mission changed after sending; cancel: by the user; expire: the window closed unsent. */
export const NOTIFICATION_ACTIONS = ['send', 'update', 'cancel', 'expire'] as const;
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number];

export const NOTIFICATION_TRANSITIONS: Readonly<Record<NotificationStatus, Partial<Record<NotificationAction, NotificationStatus>>>> = {
  scheduled: { send: 'sent', cancel: 'canceled', expire: 'canceled' },
  sent: { update: 'updated', cancel: 'canceled' },
  updated: { update: 'updated', cancel: 'canceled' },
  canceled: {},
};

export function nextNotificationStatus(status: NotificationStatus, action: NotificationAction): NotificationStatus | null {
  return NOTIFICATION_TRANSITIONS[status][action] ?? null;
}

export function allowedNotificationActions(status: NotificationStatus): NotificationAction[] {
  return NOTIFICATION_ACTIONS.filter((action) => NOTIFICATION_TRANSITIONS[status][action] !== undefined);
}

/** Notifications the authority holds: cancelling them needs a call, and the mission cannot go while they stand. */
export function isAtAuthority(status: NotificationStatus): boolean {
  return status === 'sent' || status === 'updated';
}

/** The regulation requirement that calls for each type of notification (src/shared/regulation/codes.ts). */
export const NOTIFICATION_REQUIREMENT: Readonly<Record<NotificationType, 'ARMY_NOTIFICATION' | 'PREFECTURE_DECLARATION'>> = {
  army: 'ARMY_NOTIFICATION',
  prefecture: 'PREFECTURE_DECLARATION',
};

/** The French military notification covers at most 12 hours of flight. */
export const MILITARY_MAX_HOURS = 12;

const PARIS = 'Europe/Paris';
const HOUR = 3_600_000;

/** The instant when Paris clocks show `hour`:00 on the Paris calendar day of `instant` shifted by `dayShift` days. */
export function parisTimeOnDay(instant: Date, dayShift: number, hour: number): Date {
  const day = new TZDate(instant, PARIS);
  return new Date(new TZDate(day.getFullYear(), day.getMonth(), day.getDate() + dayShift, hour, PARIS).getTime());
}

export interface NotificationWindow {
  /** Sending is possible from this instant (null: at once). */
  opensAt: Date | null;
  /** …and no longer from this one. */
  closesAt: Date;
}

/**
 * Military: from 04:00 two days before the flight day to 04:00 on the day, Paris time, and never after take-off.
 * Prefecture: at once, until take-off (the notice the verdict asks for is the operator's to meet).
 */
export function notificationWindow(type: NotificationType, startAt: Date): NotificationWindow {
  if (type === 'prefecture') return { opensAt: null, closesAt: startAt };
  const closesAt = parisTimeOnDay(startAt, 0, 4);
  return { opensAt: parisTimeOnDay(startAt, -2, 4), closesAt: closesAt < startAt ? closesAt : startAt };
}

export function isWindowOpen(window: NotificationWindow, now: Date): boolean {
  return (window.opensAt === null || window.opensAt <= now) && now < window.closesAt;
}

/** Whether one notification of `type` can cover the flight from `startAt` to `endAt`. */
export function coversFlight(type: NotificationType, startAt: Date, endAt: Date): boolean {
  return type !== 'army' || endAt.getTime() - startAt.getTime() <= MILITARY_MAX_HOURS * HOUR;
}

/** A notification's time fields (spec domain §3), Paris wall clock: the army's range is the flight's start to end. */
export interface NotificationSchedule {
  /** The flight day, YYYY-MM-DD. */
  date: string;
  /** The take-off time, HH:mm. */
  time: string;
  /** Army notifications only: HH:mm to HH:mm (the end may fall on the next day). */
  armyTimeRange: { from: string; to: string } | null;
}

const two = (value: number) => String(value).padStart(2, '0');
const parisClock = (instant: Date) => {
  const paris = new TZDate(instant, PARIS);
  return {
    date: `${paris.getFullYear()}-${two(paris.getMonth() + 1)}-${two(paris.getDate())}`,
    time: `${two(paris.getHours())}:${two(paris.getMinutes())}`,
  };
};

export function notificationSchedule(type: NotificationType, startAt: Date, endAt: Date): NotificationSchedule {
  const start = parisClock(startAt);
  return { ...start, armyTimeRange: type === 'army' ? { from: start.time, to: parisClock(endAt).time } : null };
}
