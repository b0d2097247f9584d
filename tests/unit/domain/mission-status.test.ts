import { describe, expect, it } from 'vitest';
import {
  MISSION_ACTIONS,
  MISSION_STATUSES,
  allowedActions,
  completenessStatus,
  nextStatus,
  type MissionAction,
  type MissionStatus,
} from '../../../src/shared/domain/mission-status';

// Every status × action pair: the expected next status, or null when refused (docs/missions.md).
const TABLE: Record<MissionStatus, Partial<Record<MissionAction, MissionStatus>>> = {
  draft: { duplicate: 'draft', cancel: 'canceled' },
  initiated: { duplicate: 'initiated', cancel: 'canceled' },
  complete: { sendForValidation: 'toBeValidated', duplicate: 'complete', cancel: 'canceled' },
  toBeValidated: { validate: 'validated', duplicate: 'toBeValidated', cancel: 'canceled' },
  validated: { takeOff: 'onGoing', duplicate: 'validated', archive: 'archived', cancel: 'canceled' },
  onGoing: { land: 'validated', requestEnd: 'archived', duplicate: 'onGoing' },
  archived: { duplicate: 'archived' },
  canceled: { duplicate: 'canceled', archive: 'archived' },
};

const rows = MISSION_STATUSES.flatMap((status) =>
  MISSION_ACTIONS.map((action) => [status, action, TABLE[status][action] ?? null] as const),
);

describe('mission status machine', () => {
  it.each(rows)('%s + %s → %s', (status, action, expected) => {
    expect(nextStatus(status, action)).toBe(expected);
  });

  it.each(MISSION_STATUSES)('allowedActions(%s) lists exactly the actions with a next status', (status) => {
    expect(allowedActions(status)).toEqual(MISSION_ACTIONS.filter((action) => TABLE[status][action] !== undefined));
  });

  it('every status can be duplicated', () => {
    for (const status of MISSION_STATUSES) expect(allowedActions(status)).toContain('duplicate');
  });
});

describe('completenessStatus', () => {
  const full = {
    title: 'Survey',
    hasArea: true,
    referentPilotId: 'p',
    mainMachineId: 'm',
    startAt: '2026-07-01T08:00:00Z',
    endAt: '2026-07-01T09:00:00Z',
    maxHeightM: 60,
  };

  it.each([
    ['everything set', {}, 'complete'],
    ['no pilot', { referentPilotId: null }, 'initiated'],
    ['no machine', { mainMachineId: null }, 'initiated'],
    ['no start', { startAt: null }, 'initiated'],
    ['no end', { endAt: null }, 'initiated'],
    ['no height', { maxHeightM: null }, 'initiated'],
    ['a height of 0 is set', { maxHeightM: 0 }, 'complete'],
    ['no area', { hasArea: false }, 'draft'],
    ['a blank title', { title: '  ' }, 'draft'],
  ] as const)('%s → %s', (_case, change, expected) => {
    expect(completenessStatus({ ...full, ...change })).toBe(expected);
  });
});
