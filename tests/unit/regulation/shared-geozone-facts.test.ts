import { describe, expect, it } from 'vitest';
import { classify, type GeozoneFact } from '@/shared/regulation';
import { missionFacts } from './mission-facts';

// The server hands the engine one frozen geozone fact per stored volume, shared by every classification; the engine
// validates such a fact once (docs/performance.md, "Classification").
const prohibited = (lowerLimitM: number): GeozoneFact =>
  Object.freeze({ identifier: 'FR-SHARED', name: 'Shared zone', restriction: 'PROHIBITED' as const, lowerLimitM, upperLimitM: 120 });

describe('geozone facts shared between classifications', () => {
  it('gives the same verdict the first time and every time after', () => {
    const zone = prohibited(0);
    const first = classify('FR', missionFacts({ geozones: [zone] }));
    const again = classify('FR', missionFacts({ geozones: [zone] }));
    expect(first.category).toBe('FORBIDDEN');
    expect(again).toEqual(first);
    expect(classify('FR', missionFacts({ geozones: [zone, { ...zone, identifier: 'FR-OTHER', lowerLimitM: 50 }] })).category).toBe(
      'FORBIDDEN',
    );
  });

  it('still refuses a frozen fact that is invalid, every time', () => {
    const invalid = Object.freeze({ ...prohibited(0), lowerLimitM: -5 });
    for (let attempt = 0; attempt < 2; attempt += 1)
      expect(() => classify('FR', missionFacts({ geozones: [invalid] }))).toThrow(expect.objectContaining({ code: 'INSUFFICIENT_DATA' }));
  });

  it('still checks the rest of the facts when every geozone is known', () => {
    const zone = prohibited(0);
    classify('FR', missionFacts({ geozones: [zone] }));
    expect(() => classify('FR', missionFacts({ geozones: [zone], maxHeightM: -1 }))).toThrow(
      expect.objectContaining({ code: 'INSUFFICIENT_DATA', fields: ['maxHeightM'] }),
    );
  });

  it('validates a new geozone beside known ones, and names it by its place in the facts when it is invalid', () => {
    const known = prohibited(0);
    classify('FR', missionFacts({ geozones: [known] }));
    const fresh = Object.freeze({ ...prohibited(30), identifier: 'FR-FRESH', restriction: 'REQ_AUTHORISATION' as const });
    expect(classify('FR', missionFacts({ geozones: [known, fresh] }))).toEqual(
      classify('FR', missionFacts({ geozones: [{ ...known }, { ...fresh }] })),
    );

    const invalid = Object.freeze({ ...prohibited(0), identifier: 'FR-INVALID', lowerLimitM: -5 });
    expect(() => classify('FR', missionFacts({ geozones: [known, fresh, invalid] }))).toThrow(
      expect.objectContaining({ code: 'INSUFFICIENT_DATA', fields: ['geozones.2.lowerLimitM'] }),
    );
  });
});
