import { describe, expect, it } from 'vitest';
import {
  decide,
  impactMatches,
  rangeMismatch,
  type AutomationRange,
  type AutomationRuleInput,
  type RangeMismatch,
  type RangeMission,
} from '../../../src/shared/domain/request-automation';

// Wednesday 1 July 2026, 10:00–12:00 in Paris (UTC+2).
const MISSION: RangeMission = { startAt: '2026-07-01T08:00:00Z', endAt: '2026-07-01T10:00:00Z', maxHeightM: 100 };

const RANGE_ROWS: { name: string; range: AutomationRange | null; mission?: Partial<RangeMission>; expected: RangeMismatch | null }[] = [
  { name: 'no range applies to every mission', range: null, expected: null },
  { name: 'an empty range applies to every mission', range: {}, expected: null },
  { name: 'inside the date span', range: { fromDate: '2026-07-01', toDate: '2026-07-01' }, expected: null },
  { name: 'starting before the span', range: { fromDate: '2026-07-02' }, expected: 'dates' },
  { name: 'ending after the span', range: { toDate: '2026-06-30' }, expected: 'dates' },
  {
    name: 'the local date counts: 23:30 UTC on 30 June is 1 July in Paris',
    range: { fromDate: '2026-07-01' },
    mission: { startAt: '2026-06-30T23:30:00Z', endAt: '2026-07-01T01:00:00Z' },
    expected: null,
  },
  { name: 'on an allowed weekday', range: { weekdays: [3] }, expected: null },
  { name: 'on a weekday outside the list', range: { weekdays: [1, 2, 4, 5] }, expected: 'weekdays' },
  {
    name: 'every covered day must be allowed (Friday to Saturday)',
    range: { weekdays: [5] },
    mission: { startAt: '2026-07-03T08:00:00Z', endAt: '2026-07-04T08:00:00Z' },
    expected: 'weekdays',
  },
  {
    name: 'a Saturday night to Monday across the spring clock change covers the Sunday',
    range: { weekdays: [6, 1] },
    mission: { startAt: '2026-03-28T22:30:00Z', endAt: '2026-03-30T08:00:00Z' },
    expected: 'weekdays',
  },
  {
    name: 'a Sunday flight before the autumn clock change is on Sunday, not on Saturday',
    range: { weekdays: [7] },
    mission: { startAt: '2026-10-24T22:30:00Z', endAt: '2026-10-25T00:30:00Z' },
    expected: null,
  },
  { name: 'within the hours', range: { fromTime: '10:00', toTime: '12:00' }, expected: null },
  { name: 'starting before the hours', range: { fromTime: '10:30', toTime: '18:00' }, expected: 'hours' },
  { name: 'ending after the hours', range: { fromTime: '08:00', toTime: '11:59' }, expected: 'hours' },
  {
    name: 'hours need a mission within one day',
    range: { fromTime: '00:00', toTime: '23:59' },
    mission: { startAt: '2026-07-01T08:00:00Z', endAt: '2026-07-02T08:00:00Z' },
    expected: 'hours',
  },
  {
    name: 'hours read on the summer clock after the spring change (01:30 CET to 04:30 CEST)',
    range: { fromTime: '01:00', toTime: '04:30' },
    mission: { startAt: '2026-03-29T00:30:00Z', endAt: '2026-03-29T02:30:00Z' },
    expected: null,
  },
  {
    name: 'hours read on the summer clock after the spring change end later than 04:00',
    range: { fromTime: '01:00', toTime: '04:00' },
    mission: { startAt: '2026-03-29T00:30:00Z', endAt: '2026-03-29T02:30:00Z' },
    expected: 'hours',
  },
  {
    name: 'the repeated hour of the autumn change is read on the clock (02:30 CEST to 02:30 CET)',
    range: { fromTime: '02:30', toTime: '02:30', maxDurationMin: 60 },
    mission: { startAt: '2026-10-25T00:30:00Z', endAt: '2026-10-25T01:30:00Z' },
    expected: null,
  },
  {
    name: 'the duration counts real time across the autumn change, not clock time',
    range: { maxDurationMin: 59 },
    mission: { startAt: '2026-10-25T00:30:00Z', endAt: '2026-10-25T01:30:00Z' },
    expected: 'duration',
  },
  { name: 'at the height cap', range: { maxHeightM: 100 }, expected: null },
  { name: 'above the height cap', range: { maxHeightM: 99 }, expected: 'height' },
  { name: 'no height with a height cap', range: { maxHeightM: 120 }, mission: { maxHeightM: null }, expected: 'missingHeight' },
  { name: 'within the duration', range: { maxDurationMin: 120 }, expected: null },
  { name: 'longer than the duration', range: { maxDurationMin: 119 }, expected: 'duration' },
  { name: 'dates needed by a date range', range: { weekdays: [3] }, mission: { startAt: null }, expected: 'missingDates' },
];

describe('automation range', () => {
  it.each(RANGE_ROWS)('$name', ({ range, mission, expected }) => {
    expect(rangeMismatch(range, { ...MISSION, ...mission })).toBe(expected);
  });
});

describe('impact levels of a rule', () => {
  it.each([
    [[], 'high', true],
    [[], null, true],
    [['low', 'medium'], 'medium', true],
    [['low', 'medium'], 'high', false],
    [['low'], null, false],
  ] as const)('%j with impact %s → %s', (levels, impact, expected) => {
    expect(impactMatches([...levels], impact)).toBe(expected);
  });
});

type Restriction = { kind: string };

function automationRule(fields: Partial<AutomationRuleInput<Restriction>>): AutomationRuleInput<Restriction> {
  return {
    id: 'rule',
    title: 'rule',
    mode: 'acceptAuto',
    range: null,
    impactLevels: [],
    customReply: null,
    restrictions: [],
    enabled: true,
    priority: 0,
    version: 1,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...fields,
  };
}

describe('automatic decision', () => {
  it('accepts with an accepting rule without restrictions', () => {
    expect(decide([automationRule({ id: 'a', version: 3 })], MISSION, 'low')).toEqual({
      status: 'autoAccepted',
      ruleId: 'a',
      ruleVersion: 3,
      restrictions: [],
      reply: null,
    });
  });

  it('accepts with restrictions when the accepting rule has some', () => {
    const decision = decide([automationRule({ restrictions: [{ kind: 'observerRequired' }] })], MISSION, 'low');
    expect(decision?.status).toBe('autoAcceptedWithRestrictions');
    expect(decision?.restrictions).toEqual([{ kind: 'observerRequired' }]);
  });

  it('rejects with the rule’s custom reply when denying', () => {
    const decision = decide(
      [automationRule({ mode: 'denyAuto', customReply: 'Too high', restrictions: [{ kind: 'text' }] })],
      MISSION,
      'high',
    );
    expect(decision).toMatchObject({ status: 'autoRejected', reply: 'Too high', restrictions: [] });
  });

  it('lets the first applying rule by priority decide, skipping disabled and non-applying ones', () => {
    const rules = [
      automationRule({ id: 'late', priority: 5, mode: 'acceptAuto' }),
      automationRule({ id: 'disabled', priority: 0, enabled: false, mode: 'denyAuto' }),
      automationRule({ id: 'other-impact', priority: 1, impactLevels: ['high'], mode: 'denyAuto' }),
      automationRule({ id: 'first', priority: 2, impactLevels: ['medium'], mode: 'denyAuto' }),
    ];
    expect(decide(rules, MISSION, 'medium')?.ruleId).toBe('first');
    expect(decide(rules, MISSION, 'low')?.ruleId).toBe('late');
  });

  it('among equal priorities the older rule goes first', () => {
    const rules = [
      automationRule({ id: 'newer', createdAt: new Date('2026-02-01T00:00:00Z') }),
      automationRule({ id: 'older', createdAt: new Date('2026-01-01T00:00:00Z') }),
    ];
    expect(decide(rules, MISSION, 'low')?.ruleId).toBe('older');
  });

  it('leaves the request to the managers when no rule applies', () => {
    expect(decide([automationRule({ range: { maxHeightM: 50 } })], MISSION, 'low')).toBeNull();
    expect(decide([], MISSION, 'low')).toBeNull();
  });
});
