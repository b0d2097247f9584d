import { describe, expect, it } from 'vitest';
import { classifyRow, expectVerdict, type VerdictRow } from './mission-facts';

const PROFESSIONAL = { professional: true } as const;

const rows: VerdictRow[] = [
  {
    name: 'MC-05: an aéromodèle of exactly 100 g is free to use',
    facts: { massGrams: 100 },
    category: 'OPEN',
    blockers: [],
    requirements: ['MC_LEGAL_INFORMATION'],
    absentRequirements: ['MC_AGREMENT'],
  },
  {
    name: 'MC-01: 100.1 g needs an agrément and an authorisation before each flight',
    facts: { massGrams: 100.1, ...PROFESSIONAL },
    category: 'SPECIFIC',
    blockers: [],
    requirements: ['MC_AGREMENT', 'MC_FLIGHT_AUTHORISATION', 'MC_ELECTRONIC_ID', 'MC_LEGAL_INFORMATION'],
  },
  {
    name: 'MC-02 (C8): on 2022-02-05 a leisure flight of 500 g is still possible with an agrément',
    facts: { massGrams: 500, professional: false, dateISO: '2022-02-05' },
    category: 'SPECIFIC',
    blockers: [],
    requirements: ['MC_AGREMENT'],
  },
  {
    name: 'MC-02 (C8): from 2022-02-06 a leisure flight of 500 g is forbidden',
    facts: { massGrams: 500, professional: false, dateISO: '2022-02-06' },
    category: 'FORBIDDEN',
    blockers: ['MC_RECREATIONAL_GT_100G'],
  },
  {
    name: 'MC-02 (C8): from 2022-02-06 a professional flight of 500 g needs the agrément',
    facts: { massGrams: 500, ...PROFESSIONAL, dateISO: '2022-02-06' },
    category: 'SPECIFIC',
    blockers: [],
    requirements: ['MC_AGREMENT', 'MC_FLIGHT_AUTHORISATION'],
  },
  {
    name: 'MC-03: 700 g exactly needs no parachute',
    facts: { massGrams: 700, ...PROFESSIONAL },
    category: 'SPECIFIC',
    blockers: [],
    absentRequirements: ['MC_PARACHUTE'],
  },
  {
    name: 'MC-03: 700.1 g needs a parachute',
    facts: { massGrams: 700.1, ...PROFESSIONAL },
    category: 'SPECIFIC',
    blockers: [],
    requirements: ['MC_PARACHUTE'],
  },
  {
    name: 'MC-03: before the 2022 regime, 2 kg exactly needed no parachute',
    facts: { massGrams: 2_000, dateISO: '2022-02-05' },
    category: 'SPECIFIC',
    blockers: [],
    absentRequirements: ['MC_PARACHUTE'],
  },
  {
    name: 'MC-03: before the 2022 regime, 2,000.1 g needed a parachute',
    facts: { massGrams: 2_000.1, dateISO: '2022-02-05' },
    category: 'SPECIFIC',
    blockers: [],
    requirements: ['MC_PARACHUTE'],
  },
  {
    name: 'MC-06b: exactly 150 m from the heliport is allowed',
    facts: { massGrams: 50, nearHeliportM: 150 },
    category: 'OPEN',
    blockers: [],
  },
  {
    name: 'MC-06b: 149.9 m from the heliport is banned, even for an aéromodèle',
    facts: { massGrams: 50, nearHeliportM: 149.9 },
    category: 'FORBIDDEN',
    blockers: ['MC_HELIPORT_150M'],
  },
  {
    name: 'MC-06a: flying over the Prince’s Palace is banned',
    facts: { massGrams: 50, overPrincePalace: true },
    category: 'FORBIDDEN',
    blockers: ['MC_PRINCE_PALACE'],
  },
  ...(
    [
      ['2025-01-23', '13:59', false],
      ['2025-01-23', '14:00', true],
      ['2025-01-23', '20:00', true],
      ['2025-01-23', '20:01', false],
      ['2025-03-30', '00:30', true],
      ['2025-03-30', '01:01', false],
      ['2025-01-23', undefined, true],
      ['2025-01-24', undefined, false],
    ] as const
  ).map(([dateISO, timeLocal, banned]): VerdictRow => ({
    name: `MC-06c: on ${dateISO}${timeLocal === undefined ? ' (no start time)' : ` at ${timeLocal}`} the AM 2024-707 ban ${banned ? 'applies' : 'does not apply'}`,
    facts: { massGrams: 50, dateISO, ...(timeLocal === undefined ? {} : { timeLocal }) },
    category: banned ? 'FORBIDDEN' : 'OPEN',
    blockers: banned ? ['MC_EVENT_BAN'] : [],
  })),
];

describe('Monaco: national regime (loi n° 1.458, AM 2021-532, AM 2024-707)', () => {
  it.each(rows)('$name', (row) => {
    const verdict = classifyRow('MC', row);
    expectVerdict(verdict, row);
    expect(verdict.maxHeightM).toBeNull();
  });
});
