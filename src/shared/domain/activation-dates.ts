// Activations (flight slots) of an accepted request: when they are needed, the filing window, the date rules of spec
// domain §5 and the status machine of spec §4 (transitions ours, docs/request-automation.md).
import { IMPACT_RANK, type ImpactLevel } from './request-impact';

export const ACTIVATION_TRIGGERS = ['never', 'low', 'medium', 'high', 'always'] as const;
export type ActivationTrigger = (typeof ACTIVATION_TRIGGERS)[number];

/** never / always, or the lowest impact that needs activations (`medium`: medium and high requests). */
export function activationsRequired(trigger: ActivationTrigger, impact: ImpactLevel | null): boolean {
  if (trigger === 'never') return false;
  if (trigger === 'always') return true;
  return impact !== null && IMPACT_RANK[impact] >= IMPACT_RANK[trigger];
}

const HOUR_MS = 3_600_000;

export interface ActivationSettings {
  minDelayHours: number | null;
  maxDelayHours: number | null;
  maxDurationHours: number | null;
}

export interface ActivationWindow {
  /** A slot starts at or after this: the mission's start, or now + the minimum delay when later. */
  minDate: Date;
  /** A slot ends at or before this: the mission's end, or now + the maximum delay when sooner. */
  maxDate: Date;
  /** Whether a slot can be filed now (the minimum date is before the maximum date). */
  open: boolean;
  /** When the window opens (the maximum delay before the mission's start), null when there is no maximum delay. */
  opensAt: Date | null;
  /** The last moment a slot can be filed: the mission's end minus the minimum delay. */
  fileBy: Date;
}

export function activationWindow(now: Date, mission: { startAt: Date; endAt: Date }, settings: ActivationSettings): ActivationWindow {
  const minDelay = (settings.minDelayHours ?? 0) * HOUR_MS;
  const earliest = now.getTime() + minDelay;
  const minDate = new Date(Math.max(mission.startAt.getTime(), earliest));
  const maxDate =
    settings.maxDelayHours === null
      ? new Date(mission.endAt)
      : new Date(Math.min(mission.endAt.getTime(), now.getTime() + settings.maxDelayHours * HOUR_MS));
  return {
    minDate,
    maxDate,
    open: minDate < maxDate,
    opensAt: settings.maxDelayHours === null ? null : new Date(mission.startAt.getTime() - settings.maxDelayHours * HOUR_MS),
    fileBy: new Date(mission.endAt.getTime() - minDelay),
  };
}

export const ACTIVATION_DATE_ERRORS = [
  'ACTIVATION_START_TOO_EARLY',
  'ACTIVATION_END_BEFORE_START',
  'ACTIVATION_TOO_LONG',
  'ACTIVATION_END_TOO_LATE',
] as const;
export type ActivationDateError = (typeof ACTIVATION_DATE_ERRORS)[number];

/** Spec §5 in its order: start not before the minimum date; start before end; duration within the maximum; end not after the maximum date. */
export function activationDateError(
  slot: { startAt: Date; endAt: Date },
  window: ActivationWindow,
  settings: ActivationSettings,
): ActivationDateError | null {
  if (slot.startAt < window.minDate) return 'ACTIVATION_START_TOO_EARLY';
  if (slot.startAt >= slot.endAt) return 'ACTIVATION_END_BEFORE_START';
  if (settings.maxDurationHours !== null && slot.endAt.getTime() - slot.startAt.getTime() > settings.maxDurationHours * HOUR_MS)
    return 'ACTIVATION_TOO_LONG';
  if (slot.endAt > window.maxDate) return 'ACTIVATION_END_TOO_LATE';
  return null;
}

export const ACTIVATION_STATUSES = ['toSubmit', 'toUpdate', 'toDelete', 'submitted', 'accepted', 'rejected', 'archived'] as const;
export type ActivationStatus = (typeof ACTIVATION_STATUSES)[number];

export const ACTIVATION_ACTIONS = ['edit', 'submit', 'remove', 'cancel', 'accept', 'reject', 'autoReject', 'archive'] as const;
export type ActivationAction = (typeof ACTIVATION_ACTIONS)[number];

export const ACTIVATION_ACTION_ACTOR: Readonly<Record<ActivationAction, 'operator' | 'manager' | 'system'>> = {
  edit: 'operator',
  submit: 'operator',
  remove: 'operator',
  cancel: 'operator',
  accept: 'manager',
  reject: 'manager',
  autoReject: 'system',
  archive: 'manager',
};

/**
 * status × action → next status; a missing entry is refused. `remove` deletes a slot never sent (null). The operator
 * prepares (toSubmit), changes (toUpdate) or withdraws (toDelete) a slot, then submits it to the manager.
 */
export const ACTIVATION_TRANSITIONS: Readonly<Record<ActivationStatus, Partial<Record<ActivationAction, ActivationStatus | null>>>> = {
  toSubmit: { edit: 'toSubmit', submit: 'submitted', remove: null },
  toUpdate: { edit: 'toUpdate', submit: 'submitted' },
  toDelete: { submit: 'archived' },
  submitted: { accept: 'accepted', reject: 'rejected', autoReject: 'rejected' },
  accepted: { edit: 'toUpdate', cancel: 'toDelete', archive: 'archived' },
  rejected: { edit: 'toUpdate', archive: 'archived' },
  archived: {},
};

export function activationTransition(
  status: ActivationStatus,
  action: ActivationAction,
): { allowed: boolean; next: ActivationStatus | null } {
  const entries = ACTIVATION_TRANSITIONS[status];
  return Object.hasOwn(entries, action) ? { allowed: true, next: entries[action] ?? null } : { allowed: false, next: null };
}

export function allowedActivationActions(status: ActivationStatus, side: 'operator' | 'manager'): ActivationAction[] {
  return ACTIVATION_ACTIONS.filter((action) => ACTIVATION_ACTION_ACTOR[action] === side && activationTransition(status, action).allowed);
}
