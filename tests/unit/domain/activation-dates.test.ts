import { describe, expect, it } from 'vitest';
import {
  ACTIVATION_ACTIONS,
  ACTIVATION_STATUSES,
  activationDateError,
  activationsRequired,
  activationTransition,
  activationWindow,
  type ActivationAction,
  type ActivationSettings,
  type ActivationStatus,
  type ActivationTrigger,
} from '../../../src/shared/domain/activation-dates';

const HOUR = 3_600_000;
const NOW = new Date('2026-07-01T06:00:00Z');
const MISSION = { startAt: new Date('2026-07-01T08:00:00Z'), endAt: new Date('2026-07-01T18:00:00Z') };
const SETTINGS: ActivationSettings = { minDelayHours: 4, maxDelayHours: 10, maxDurationHours: 3 };
const at = (hoursAfterNow: number) => new Date(NOW.getTime() + hoursAfterNow * HOUR);

describe('activation trigger', () => {
  it.each([
    ['never', 'high', false],
    ['always', null, true],
    ['low', 'low', true],
    ['medium', 'low', false],
    ['medium', 'high', true],
    ['high', 'medium', false],
    ['high', null, false],
  ] as const)('%s with impact %s → %s', (trigger: ActivationTrigger, impact, expected) => {
    expect(activationsRequired(trigger, impact)).toBe(expected);
  });
});

describe('activation window', () => {
  it('runs from the later of the mission start and now + minimum delay to the sooner of the mission end and now + maximum delay', () => {
    expect(activationWindow(NOW, MISSION, SETTINGS)).toEqual({
      minDate: at(4),
      maxDate: at(10),
      open: true,
      opensAt: new Date('2026-06-30T22:00:00Z'),
      fileBy: new Date('2026-07-01T14:00:00Z'),
    });
  });

  it('without delays is the mission itself', () => {
    const window = activationWindow(NOW, MISSION, { minDelayHours: null, maxDelayHours: null, maxDurationHours: null });
    expect(window).toMatchObject({ minDate: MISSION.startAt, maxDate: MISSION.endAt, open: true, opensAt: null, fileBy: MISSION.endAt });
  });

  it('is closed once now + minimum delay reaches the mission end', () => {
    expect(activationWindow(new Date('2026-07-01T14:00:00Z'), MISSION, SETTINGS).open).toBe(false);
  });
});

describe('activation date rules (spec §5)', () => {
  const window = activationWindow(NOW, MISSION, SETTINGS);
  it.each([
    ['a slot inside the window', at(5), at(7), null],
    ['start before the minimum date', at(3.5), at(5), 'ACTIVATION_START_TOO_EARLY'],
    ['start at the minimum date', at(4), at(5), null],
    ['start after end', at(6), at(5), 'ACTIVATION_END_BEFORE_START'],
    ['start equal to end', at(6), at(6), 'ACTIVATION_END_BEFORE_START'],
    ['longer than the maximum hours', at(5), at(8.5), 'ACTIVATION_TOO_LONG'],
    ['exactly the maximum hours', at(5), at(8), null],
    ['end after the maximum date', at(8), at(10.5), 'ACTIVATION_END_TOO_LATE'],
  ] as const)('%s → %s', (_name, startAt, endAt, expected) => {
    expect(activationDateError({ startAt, endAt }, window, SETTINGS)).toBe(expected);
  });
});

// Every status × action: the next status (null: the slot is deleted), or 'refused' (docs/request-automation.md).
const TABLE: Record<ActivationStatus, Partial<Record<ActivationAction, ActivationStatus | null>>> = {
  toSubmit: { edit: 'toSubmit', submit: 'submitted', remove: null },
  toUpdate: { edit: 'toUpdate', submit: 'submitted' },
  toDelete: { submit: 'archived' },
  submitted: { accept: 'accepted', reject: 'rejected', autoReject: 'rejected' },
  accepted: { edit: 'toUpdate', cancel: 'toDelete', archive: 'archived' },
  rejected: { edit: 'toUpdate', archive: 'archived' },
  archived: {},
};

describe('activation status machine', () => {
  const rows = ACTIVATION_STATUSES.flatMap((status) =>
    ACTIVATION_ACTIONS.map(
      (action) => [status, action, Object.hasOwn(TABLE[status], action) ? (TABLE[status][action] ?? null) : 'refused'] as const,
    ),
  );
  it.each(rows)('%s + %s → %s', (status, action, expected) => {
    const transition = activationTransition(status, action);
    expect(transition.allowed ? transition.next : 'refused').toBe(expected);
  });
});
