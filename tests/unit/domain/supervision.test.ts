import { describe, expect, it } from 'vitest';
import { SUPERVISED_PILOT_RIGHTS } from '../../../src/shared/domain/rights';
import { editsPersonalAccount, reachesOtherPilotsMissions, supervisedRights } from '../../../src/shared/domain/supervision';

const EVERY = [
  'personalAccount',
  'missionPreparation',
  'viewOperatorMachines',
  'editOtherPilotsPreflights',
  'editMachines',
  'editOperatorAccount',
] as const;

describe('supervised pilot rights (docs/security.md "Rights of supervised pilots")', () => {
  it('level 0 holds nothing, whatever its rights and groups', () => {
    expect(supervisedRights(SUPERVISED_PILOT_RIGHTS, { level: 0, rights: EVERY })).toEqual([]);
  });

  it('without pilot rights, a level-3 pilot keeps only what the group gives besides missions, machines and the operator account', () => {
    expect(supervisedRights(SUPERVISED_PILOT_RIGHTS, { level: 3, rights: [] })).toEqual([
      'DOCUMENTATION_LIST',
      'JOURNEY_LIST',
      'SUPERVISION_PILOT',
      'TRAFFIC_LIST',
    ]);
  });

  it.each([
    [1, ['JOURNEY_EDIT', 'MACHINE_LIST', 'PREFLIGHT_EDIT', 'PREFLIGHT_LIST']],
    [2, ['JOURNEY_EDIT', 'MACHINE_LIST', 'PREFLIGHT_EDIT', 'PREFLIGHT_LIST']],
    [3, ['JOURNEY_EDIT', 'MACHINE_EDIT', 'MACHINE_LIST', 'PREFLIGHT_EDIT', 'PREFLIGHT_LIST', 'SUPERVISION_ACCOUNT_EDIT']],
  ])('every right at level %i grants %j on top of the group’s others', (level, granted) => {
    const rights = supervisedRights(['SUPERVISION_PILOT'], { level, rights: EVERY });
    expect(rights).toEqual([...granted, 'SUPERVISION_PILOT'].sort());
  });

  it('other pilots’ missions: read from level 2, written at level 3, never without the right', () => {
    const right = { rights: ['editOtherPilotsPreflights'] as const };
    expect(reachesOtherPilotsMissions({ level: 1, ...right }, 'read')).toBe(false);
    expect(reachesOtherPilotsMissions({ level: 2, ...right }, 'read')).toBe(true);
    expect(reachesOtherPilotsMissions({ level: 2, ...right }, 'write')).toBe(false);
    expect(reachesOtherPilotsMissions({ level: 3, ...right }, 'write')).toBe(true);
    expect(reachesOtherPilotsMissions({ level: 3, rights: [] }, 'read')).toBe(false);
  });

  it('the personal account needs its right from level 1', () => {
    expect(editsPersonalAccount({ level: 1, rights: ['personalAccount'] })).toBe(true);
    expect(editsPersonalAccount({ level: 3, rights: ['missionPreparation'] })).toBe(false);
    expect(editsPersonalAccount({ level: 0, rights: ['personalAccount'] })).toBe(false);
  });
});
